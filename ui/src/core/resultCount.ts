/** The size of a list's answer in Italian, singular and plural (issue 15: not "1 risultati"). */
import { countFormat as number } from './numberFormats';

/** `capped`: the count stopped at `n` (spec api.countLimit) and more rows match. */
export function resultCount(n: number, capped = false): string {
  if (capped) return `Più di ${number.format(n)} risultati`;
  if (n === 0) return 'Nessun risultato';
  return n === 1 ? '1 risultato' : `${number.format(n)} risultati`;
}

/** A work-queue count: how many items wait for the caller ("Niente da fare" when none). */
export function pendingCount(n: number): string {
  if (n === 0) return 'Niente da fare';
  return n === 1 ? '1 elemento da gestire' : `${number.format(n)} elementi da gestire`;
}
