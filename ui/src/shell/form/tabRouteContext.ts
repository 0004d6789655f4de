/**
 * The route a record page answers (its manifest pattern) and the tab parameters its open tabs stand for, so a
 * tab nested in another writes the whole address (docs/spec-language.md#related-lists-as-tabs): the
 * terminal's :posid needs the store's :negozio, :abi and :pagina before it, even when those were not typed.
 */
import { createContext } from 'react';

interface TabRoute {
  /** The page's route pattern; empty outside a record page (then every tab parameter is a query parameter). */
  pattern: string;
  ancestors: Partial<Record<string, string>>;
}

export const TabRouteContext = createContext<TabRoute>({ pattern: '', ancestors: {} });
