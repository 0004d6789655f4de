/** The answer of a peer comparison's GET /report/<path> (docs/spec-language.md#peer-comparison), checked: the path is data, so nothing types it. */
type Figures = Record<string, number | null>;
export interface PeersOption { value: string; label: string }
export interface PeersRow { key: string; label: string; proprio: Figures; settore: Figures | null }
export interface PeersAnswer {
  periodo: { da: string; a: string; label: string };
  opzioni: Record<string, PeersOption[]>;
  scelte: Record<string, string | null>;
  errorMessage?: string;
  gruppi: { dimension: string; label: string; rows: PeersRow[] }[];
  totali: { proprio: Figures; settore: Figures | null };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const figures = (v: unknown): Figures => (isRecord(v) ? Object.fromEntries(Object.entries(v).map(([k, n]) => [k, typeof n === 'number' ? n : null])) : {});
const maybeFigures = (v: unknown): Figures | null => (isRecord(v) ? figures(v) : null);

export function peersAnswer(body: unknown): PeersAnswer {
  if (!isRecord(body) || !isRecord(body.periodo) || !isRecord(body.opzioni) || !isRecord(body.scelte) || !Array.isArray(body.gruppi) || !isRecord(body.totali)) {
    throw new Error('La risposta del confronto non è valida');
  }
  const opzioni = Object.fromEntries(Object.entries(body.opzioni).map(([param, list]) => [
    param, Array.isArray(list) ? list.filter(isRecord).map((o) => ({ value: text(o.value), label: text(o.label) })) : [],
  ]));
  const scelte = Object.fromEntries(Object.entries(body.scelte).map(([param, v]) => [param, typeof v === 'string' ? v : null]));
  const gruppi = body.gruppi.filter(isRecord).map((g) => ({
    dimension: text(g.dimension), label: text(g.label),
    rows: Array.isArray(g.rows) ? g.rows.filter(isRecord).map((r) => ({ key: text(r.key), label: text(r.label), proprio: figures(r.proprio), settore: maybeFigures(r.settore) })) : [],
  }));
  const p = body.periodo;
  return {
    periodo: { da: text(p.da), a: text(p.a), label: text(p.label) }, opzioni, scelte,
    ...(typeof body.errorMessage === 'string' ? { errorMessage: body.errorMessage } : {}),
    gruppi, totali: { proprio: figures(body.totali.proprio), settore: maybeFigures(body.totali.settore) },
  };
}
