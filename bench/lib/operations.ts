/**
 * The three API calls every API benchmark makes, on branches (Filiale, /filiali) as the bank user
 * BENCH_USER: a filtered, sorted page of 30; one branch by key; a new branch (unique key each time).
 */
import { BENCH_BANK, CREATED_CAB_FROM, removeCreatedBranches } from './fixture.js';
import type { LoadRequest } from './load.js';

export const API = '/webpos/api/v1';

export interface Operation {
  id: 'list' | 'get' | 'create';
  label: string;
  /** The request of one measurement. */
  request(token: string): LoadRequest;
  /** Undo what a measurement wrote, so every measurement starts from the same table. */
  reset?(sqliteFile: string): Promise<void>;
}

/** Page 2 of the bank's branches in the province of Bergamo (120 of its ~600), by name descending. */
export const LIST_PATH = `${API}/filiali?page=1&size=30&sort=nome,desc&provincia=BG`;
export const GET_PATH = `${API}/filiali/${BENCH_BANK}/11123`;

export function newBranch(n: number): Record<string, string> {
  return {
    codAbi: BENCH_BANK, cab: String(CREATED_CAB_FROM + (n % 80000)), nome: `Filiale bench ${n}`,
    indirizzo: 'Corso Vittorio Emanuele 12', localita: 'Lodi', cap: '26900', provincia: 'LO', mail: `bench${n}@banca.example`,
  };
}

/**
 * Never restarted: requests still in flight when a measurement stops may insert after its reset, so
 * the next measurement must not reuse their keys (they are deleted by the reset after it).
 */
let created = 1;

export const OPERATIONS: Operation[] = [
  {
    id: 'list',
    label: 'GET list (page of 30, sorted, 1 filter)',
    request: (token) => ({ method: 'GET', path: LIST_PATH, headers: { 'X-AuthToken': token } }),
  },
  {
    id: 'get',
    label: 'GET by key',
    request: (token) => ({ method: 'GET', path: GET_PATH, headers: { 'X-AuthToken': token } }),
  },
  {
    id: 'create',
    label: 'POST create',
    request: (token) => ({ method: 'POST', path: `${API}/filiali`, headers: { 'X-AuthToken': token }, body: () => JSON.stringify(newBranch(created++)), firstPath: GET_PATH }),
    reset: async (file) => { await removeCreatedBranches(file); },
  },
];

/** BENCH_OPS=list,get narrows a run to some operations (while investigating); all by default. */
export function selectedOperations(): Operation[] {
  const only = process.env.BENCH_OPS?.split(',').filter(Boolean);
  return only?.length ? OPERATIONS.filter((op) => only.includes(op.id)) : OPERATIONS;
}
