/**
 * The date range of the activation report (spec/agenti/operazioni-agenti.yaml): both ends included; a
 * missing end defaults to the current month (its first day, today), so opening the report shows this
 * month's activations at once. Dates are YYYY-MM-DD, compared as text, which orders them correctly.
 */
export interface DateRange { dataDa: string; dataA: string }

export function reportRange(query: { dataDa?: unknown; dataA?: unknown }, today: string): DateRange {
  const dataA = typeof query.dataA === 'string' && query.dataA ? query.dataA : today;
  const dataDa = typeof query.dataDa === 'string' && query.dataDa ? query.dataDa : `${dataA.slice(0, 7)}-01`;
  return { dataDa, dataA };
}

export const isOrdered = (range: DateRange): boolean => range.dataDa <= range.dataA;
