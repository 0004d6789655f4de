/** The answer of GET /report/<path> (docs/spec-language.md#reports), checked: the path is data, so nothing types it. */
export interface ReportRow { key: string | null; label: string; values: Record<string, unknown> }
export interface ReportAnswer {
  rows: ReportRow[]; totals: Record<string, unknown>; truncated: boolean;
  /** The grouping's values withheld from the caller (spec valueFunctions): the page shows nothing of them. */
  withheld: string[];
  /** A paged report's page (spec `paging`) and how many groups all pages hold; absent: not paged. */
  page?: number;
  groups?: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function reportAnswer(body: unknown): ReportAnswer {
  if (!isRecord(body) || !Array.isArray(body.rows) || !isRecord(body.totals)) throw new Error('La risposta del report non è valida');
  const rows = body.rows.filter(isRecord).map((r) => ({ key: typeof r.key === 'string' ? r.key : null, label: typeof r.label === 'string' ? r.label : '', values: r }));
  const withheld = Array.isArray(body.withheld) ? body.withheld.filter((v): v is string => typeof v === 'string') : [];
  const paged = typeof body.page === 'number' && typeof body.groups === 'number' ? { page: body.page, groups: body.groups } : {};
  return { rows, totals: body.totals, truncated: body.truncated === true, withheld, ...paged };
}
