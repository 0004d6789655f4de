/**
 * Synthetic branches (Filiale) for the scale benchmark: `rows` branches spread over synthetic banks of
 * BRANCHES_PER_BANK each (ABI 70000 up), on a database already migrated with generated/migrations.
 * Banks are created through the entity service (with their group, as the API would); branches with
 * batched multi-row inserts, one transaction per bank. Deterministic: the same rows on every run.
 *
 * Standalone: npx tsx bench/scale/seed.ts [--rows 1000000] [--postgres]
 *   migrates a fresh database (a temp SQLite file, or webpos_bench_scale), seeds it, prints the timings
 *   and leaves it in place for manual queries (the SQLite path or the database name is printed).
 */
import type { Knex } from 'knex';
import type { Artifacts } from '../../server/artifacts.js';
import { EntityService } from '../../server/crud/entity-service.js';
import { named } from '../../server/lookup.js';
import { openScaleDatabase, type Dialect } from './database.js';

export const BRANCHES_PER_BANK = 20_000;
export const FIRST_SYNTHETIC_ABI = 70_000;
/** Rows per INSERT: 10 columns each, under SQLite's 32766 and PostgreSQL's 65535 bound parameters. */
const BATCH = 500;

/** City, province, postcode: where branches are; ~1.6% of the rows each. */
export const CITIES: [string, string, string][] = [
  ['Torino', 'TO', '10121'], ['Milano', 'MI', '20121'], ['Genova', 'GE', '16121'], ['Venezia', 'VE', '30121'],
  ['Bologna', 'BO', '40121'], ['Firenze', 'FI', '50121'], ['Roma', 'RM', '00184'], ['Napoli', 'NA', '80121'],
  ['Bari', 'BA', '70121'], ['Palermo', 'PA', '90133'], ['Cagliari', 'CA', '09124'], ['Trento', 'TN', '38122'],
  ['Bolzano', 'BZ', '39100'], ['Trieste', 'TS', '34121'], ['Udine', 'UD', '33100'], ['Verona', 'VR', '37121'],
  ['Padova', 'PD', '35121'], ['Vicenza', 'VI', '36100'], ['Treviso', 'TV', '31100'], ['Brescia', 'BS', '25121'],
  ['Bergamo', 'BG', '24121'], ['Como', 'CO', '22100'], ['Monza', 'MB', '20900'], ['Varese', 'VA', '21100'],
  ['Pavia', 'PV', '27100'], ['Cremona', 'CR', '26100'], ['Mantova', 'MN', '46100'], ['Parma', 'PR', '43121'],
  ['Modena', 'MO', '41121'], ['Reggio Emilia', 'RE', '42121'], ['Ferrara', 'FE', '44121'], ['Ravenna', 'RA', '48121'],
  ['Rimini', 'RN', '47921'], ['Pesaro', 'PU', '61121'], ['Ancona', 'AN', '60121'], ['Perugia', 'PG', '06121'],
  ['Terni', 'TR', '05100'], ['Siena', 'SI', '53100'], ['Pisa', 'PI', '56125'], ['Livorno', 'LI', '57123'],
  ['Lucca', 'LU', '55100'], ['Arezzo', 'AR', '52100'], ['Pescara', 'PE', '65121'], ["L'Aquila", 'AQ', '67100'],
  ['Campobasso', 'CB', '86100'], ['Salerno', 'SA', '84121'], ['Caserta', 'CE', '81100'], ['Foggia', 'FG', '71121'],
  ['Lecce', 'LE', '73100'], ['Taranto', 'TA', '74121'], ['Potenza', 'PZ', '85100'], ['Cosenza', 'CS', '87100'],
  ['Catanzaro', 'CZ', '88100'], ['Reggio Calabria', 'RC', '89121'], ['Messina', 'ME', '98121'], ['Catania', 'CT', '95121'],
  ['Siracusa', 'SR', '96100'], ['Sassari', 'SS', '07100'], ['Cuneo', 'CN', '12100'], ['Asti', 'AT', '14100'],
  ['Novara', 'NO', '28100'], ['Aosta', 'AO', '11100'],
];
const KINDS = ['Filiale', 'Agenzia', 'Sportello', 'Sede distaccata', 'Tesoreria'];
const STREETS = ['Via Roma', 'Corso Italia', 'Via Garibaldi', 'Piazza Duomo', 'Via Mazzini', 'Viale Europa', 'Via Dante', 'Corso Vittorio Emanuele', 'Via Cavour', 'Piazza della Repubblica'];

export interface SeedResult { rows: number; banks: number; banksMs: number; branchesMs: number; analyzeMs: number }

export function syntheticAbi(bank: number): string {
  return String(FIRST_SYNTHETIC_ABI + bank);
}

/** The branch `j` of synthetic bank `bank`, as table columns. */
function branchRow(bank: number, j: number, random: () => number): Record<string, string | null> {
  const [city, province, cap] = CITIES[Math.floor(random() * CITIES.length)];
  const cab = String(j).padStart(5, '0');
  return {
    cod_abi: syntheticAbi(bank),
    cab,
    // 'Agenzia Torino 01234': the number makes a rare wildcard term ('12345' matches one branch per bank).
    nome: `${KINDS[Math.floor(random() * KINDS.length)]} ${city} ${cab}`,
    indirizzo: `${STREETS[Math.floor(random() * STREETS.length)]} ${1 + Math.floor(random() * 200)}`,
    localita: city,
    cap,
    provincia: province,
    telefono: `0${Math.floor(10_000_000 + random() * 89_999_999)}`,
    fax: random() < 0.3 ? `0${Math.floor(10_000_000 + random() * 89_999_999)}` : null,
    mail: random() < 0.5 ? `filiale${cab}@banca${syntheticAbi(bank)}.example` : null,
  };
}

export async function seedBranches(db: Knex, artifacts: Artifacts, rows: number): Promise<SeedResult> {
  const banks = Math.ceil(rows / BRANCHES_PER_BANK);
  const banca = new EntityService(db, artifacts.model, named(artifacts.model.entities, 'Banca', 'entities'), []);
  let start = performance.now();
  for (let b = 0; b < banks; b++) {
    await banca.create({ codAbi: syntheticAbi(b), nomeBcc: `Banca sintetica ${b + 1}`, regione: 'Lombardia', group: { description: `Banca sintetica ${b + 1}`, parentGroup: '11000' } });
  }
  const banksMs = performance.now() - start;

  const random = mulberry32(20260101);
  start = performance.now();
  let left = rows;
  for (let b = 0; b < banks; b++) {
    const inBank = Math.min(BRANCHES_PER_BANK, left);
    left -= inBank;
    await db.transaction(async (trx) => {
      for (let from = 0; from < inBank; from += BATCH) {
        const batch = [];
        for (let j = from; j < Math.min(inBank, from + BATCH); j++) batch.push(branchRow(b, j, random));
        await trx('filiale').insert(batch);
      }
    });
  }
  const branchesMs = performance.now() - start;

  // Planner statistics, as a database in service has them (PostgreSQL: autovacuum; SQLite: PRAGMA optimize).
  start = performance.now();
  if (db.client.config.client === 'pg') await db.raw('VACUUM ANALYZE filiale');
  else await db.raw('ANALYZE');
  return { rows, banks, banksMs, branchesMs, analyzeMs: performance.now() - start };
}

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const arg = (name: string) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : undefined; };
  const rows = Number(arg('--rows') ?? 1_000_000);
  const dialect: Dialect = process.argv.includes('--postgres') ? 'postgres' : 'sqlite';
  const database = await openScaleDatabase(dialect);
  const result = await seedBranches(database.db, database.artifacts, rows);
  console.log(JSON.stringify({ dialect, ...result, bytes: await database.size() }, null, 2));
  console.log(dialect === 'sqlite' ? `SQLite file: ${database.target}` : 'PostgreSQL database: webpos_bench_scale (drop it when done)');
  await database.db.destroy();
}
