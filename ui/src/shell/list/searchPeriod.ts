/**
 * A list searched by period (manifest `period`, from the spec's `api.period`; seed 002 §9: movements 1 to 3
 * months). The list opens on its default period, written into the address so a reload or a shared link searches
 * the same dates; a period the API would refuse is said with the API's own message, without calling it.
 */
import { defaultPeriod, periodRefusal } from '../../../../common/search-period';
import type { EntityMeta } from '../../core/types';

/** Today on the user's calendar (not UTC: at 00:30 in Rome it is already tomorrow there). */
export function localToday(now: Date = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** The filters to add when the address names no end of the period (the list as it opens), else undefined. */
export function openingPeriod(entity: Pick<EntityMeta, 'period'>, filters: Record<string, string>, today: string): Record<string, string> | undefined {
  const period = entity.period;
  if (!period || filters[period.from] || filters[period.to]) return undefined;
  const { from, to } = defaultPeriod(period, today);
  return { [period.from]: from, [period.to]: to };
}

/** The API's message for the period the filters hold, when it would refuse it. */
export function periodMessage(entity: Pick<EntityMeta, 'period'>, filters: Record<string, string>, today: string = localToday()): string | undefined {
  const period = entity.period;
  return period ? periodRefusal(period, filters[period.from], filters[period.to], today)?.message : undefined;
}
