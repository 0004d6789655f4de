/**
 * The pager of a list whose spec sets `api.pageWindow` (seed 002 §9: movements 20 a page, pager window 5): first,
 * previous, at most `window` page numbers around the current one (core/pageWindow.ts), next, last. Pages are
 * 1-based on screen; `onPage` gets the 0-based page the API counts.
 */
import { Button, Group } from '@mantine/core';
import { pageCount, pageWindow } from '../../core/pageWindow';

interface Props {
  /** 0-based, as the API and the list view count. */
  page: number;
  size: number;
  totalCount: number;
  /** The count stopped at the spec's countLimit: the pages go that far, and no button claims to reach the last. */
  capped?: boolean;
  /** A list paged by cursor has a next page (its answer's nextCursor), also past a count that stopped. */
  more?: boolean;
  window: number;
  onPage: (page: number) => void;
}

/**
 * Narrow buttons, at least 32 px wide (WCAG 2.2 target size asks 24): the nine of a full window (« ‹ five pages › »)
 * stay on one line on a 390 px phone, where Mantine's default padding wrapped the last one onto a line of its own.
 */
const COMPACT = { size: 'xs', px: 8, miw: 32 } as const;

export function WindowPager({ page, size, totalCount, capped = false, more = false, window, onPage }: Props) {
  const current = page + 1;
  // Paged by cursor past a count that stopped: the pages reach at least the one after this.
  const pages = Math.max(pageCount(totalCount, size), more ? current + 1 : current);
  if (pages <= 1) return null;
  const go = (p: number) => () => onPage(p - 1);
  return (
    <Group component="nav" gap={4} justify="flex-end" aria-label="Pagine" data-testid="window-pager">
      <Button {...COMPACT} variant="default" disabled={current <= 1} onClick={go(1)} aria-label="Prima pagina">«</Button>
      <Button {...COMPACT} variant="default" disabled={current <= 1} onClick={go(current - 1)} aria-label="Pagina precedente">‹</Button>
      {pageWindow(current, pages, window).map((p) => (
        <Button key={p} {...COMPACT} variant={p === current ? 'filled' : 'default'} aria-current={p === current ? 'page' : undefined} aria-label={`Pagina ${p}`} onClick={go(p)}>
          {p}
        </Button>
      ))}
      <Button {...COMPACT} variant="default" disabled={current >= pages} onClick={go(current + 1)} aria-label="Pagina successiva">›</Button>
      {!capped && <Button {...COMPACT} variant="default" disabled={current >= pages} onClick={go(pages)} aria-label={`Ultima pagina (${pages})`}>»</Button>}
    </Group>
  );
}
