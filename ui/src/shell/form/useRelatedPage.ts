/**
 * One page of a record's related list (`GET <item>/<name>?page=&size=`), as the table and the tabs show it:
 * loading, ready with its rows and total, or the error in Italian; `retry` asks again (after an error, or after
 * a row of the page was deleted).
 */
import { useEffect, useState } from 'react';
import { userMessage } from '../../core/apiError';
import { isRecord } from '../../core/guards';
import { useDataProvider } from '../../core/hooks/useDataProvider';
import type { RelatedListDef, Row } from '../../core/types';
import { arrived } from '../../core/arrival';

/** `capped`: the related entity's count stopped at its spec's countLimit, and more rows match than `total`. */
export type RelatedPage = { status: 'loading' } | { status: 'ready'; rows: Row[]; total: number; capped: boolean } | { status: 'error'; message: string };
/** The answer for one request (`of`: its page and attempt); another request's answer means this one is loading. */
type Answer = { of: string } & Exclude<RelatedPage, { status: 'loading' }>;

export function useRelatedPage(itemPath: string, related: Pick<RelatedListDef, 'name' | 'pageSize'>, page: number): { state: RelatedPage; retry: () => void } {
  const provider = useDataProvider();
  const [answer, setAnswer] = useState<Answer | undefined>();
  const [attempt, setAttempt] = useState(0);
  const request = `${itemPath}|${page}|${attempt}`;
  const state: RelatedPage = answer?.of === request ? answer : { status: 'loading' };

  useEffect(() => {
    const controller = new AbortController();
    provider.requestPath('GET', `${itemPath}/${related.name}`, { query: { page: page - 1, size: related.pageSize }, signal: controller.signal }).then(
      (body) => {
        const rows = isRecord(body) && Array.isArray(body.results) ? body.results.filter(isRecord) : [];
        const total = isRecord(body) && typeof body.totalCount === 'number' ? body.totalCount : rows.length;
        arrived(() => { setAnswer({ of: request, status: 'ready', rows, total, capped: isRecord(body) && body.totalCountCapped === true }); });
      },
      (error: unknown) => { if (!controller.signal.aborted) setAnswer({ of: request, status: 'error', message: userMessage(error) }); },
    );
    return () => { controller.abort(); };
  }, [provider, itemPath, related.name, related.pageSize, page, request]);

  return { state, retry: () => { setAttempt((n) => n + 1); } };
}
