/**
 * The list table's own chunk (mantine-react-table, about two thirds of a list page's code): a list page shows
 * its title, buttons and filters without waiting for it, and the first page of an address that opens a list
 * starts downloading it at start-up (AppRoutes.tsx preloadFirstPage).
 */
import { chunk } from '../chunk';

export const listTable = chunk(() => import('./ListTable').then((m) => m.ListTable));
