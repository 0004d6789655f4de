/** The current month and the ones before it, newest first, as yyyy-mm with their Italian names ("ottobre 2026"). */
import { monthLabel } from '../../../common/report-compare';

export function monthChoices(today: Date, count: number): { value: string; label: string }[] {
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(today.getFullYear(), today.getMonth() - i, 1);
    const value = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
    return { value, label: monthLabel(value) };
  });
}
