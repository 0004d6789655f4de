/** The answer of a comparison's GET /report/<path> (docs/spec-language.md#period-comparison), checked: the path is data, so nothing types it. */
type Figures = Record<string, number | null>;
export interface CompareRow { key: string; label: string; periodo1: Figures; periodo2: Figures; variazione: Figures }
export interface CompareAnswer {
  periodi: [{ label: string }, { label: string }];
  rows: CompareRow[];
  totals: { periodo1: Figures; periodo2: Figures; variazione: Figures };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const figures = (v: unknown): Figures => (isRecord(v) ? Object.fromEntries(Object.entries(v).map(([k, n]) => [k, typeof n === 'number' ? n : null])) : {});
const labelOf = (v: unknown): string => (isRecord(v) && typeof v.label === 'string' ? v.label : '');

export function compareAnswer(body: unknown): CompareAnswer {
  if (!isRecord(body) || !Array.isArray(body.rows) || !Array.isArray(body.periodi) || body.periodi.length !== 2 || !isRecord(body.totals)) {
    throw new Error('La risposta del confronto non è valida');
  }
  const rows = body.rows.filter(isRecord).map((r) => ({
    key: typeof r.key === 'string' ? r.key : '', label: typeof r.label === 'string' ? r.label : '',
    periodo1: figures(r.periodo1), periodo2: figures(r.periodo2), variazione: figures(r.variazione),
  }));
  const t = body.totals;
  return {
    periodi: [{ label: labelOf(body.periodi[0]) }, { label: labelOf(body.periodi[1]) }], rows,
    totals: { periodo1: figures(t.periodo1), periodo2: figures(t.periodo2), variazione: figures(t.variazione) },
  };
}
