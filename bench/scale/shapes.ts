/** The list requests measured at scale: one per query shape, each answering a page and its totalCount. */
import { syntheticAbi } from './seed.js';

export interface Shape {
  name: string;
  /** Path and query under the API base. */
  path: string;
  /** The spec indexes this shape relies on (the no-index comparison drops them). */
  usesSpecIndex: boolean;
}

export function shapes(banks: number): Shape[] {
  const bank = syntheticAbi(Math.min(7, banks - 1));
  return [
    { name: 'first page, key order', path: 'filiali?page=0&size=30', usesSpecIndex: false },
    { name: 'deep page (1000), key order', path: 'filiali?page=1000&size=30', usesSpecIndex: false },
    { name: 'first page, sorted by nome', path: 'filiali?page=0&size=30&sort=nome,asc', usesSpecIndex: true },
    { name: 'deep page (1000), sorted by nome', path: 'filiali?page=1000&size=30&sort=nome,asc', usesSpecIndex: true },
    { name: 'two exact filters (codAbi + provincia)', path: `filiali?page=0&size=30&codAbi=${bank}&provincia=TO`, usesSpecIndex: true },
    { name: "wildcard, common ('orin': Torino, ~1.6%)", path: 'filiali?page=0&size=30&localita=orin', usesSpecIndex: false },
    { name: "wildcard, rare ('12345' in nome, 1 per bank)", path: 'filiali?page=0&size=30&nome=12345', usesSpecIndex: false },
  ];
}
