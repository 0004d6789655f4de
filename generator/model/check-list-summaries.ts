/**
 * A list's `summary` (docs/spec-language.md#list-summaries) names a report over the same rows: the entity's own, or
 * the one its view reads (`viewOf`), so the totals beside the list add up what the list shows.
 */
import type { ReportModel } from '../../common/report.js';
import { didYouMean, type Diagnostic } from '../diagnostics.js';
import type { LocatedEntity } from './check-cross-references.js';

export function checkListSummaries(entities: readonly LocatedEntity[], reports: readonly ReportModel[], diagnostics: Diagnostic[]): void {
  for (const { value: entity, source } of entities) {
    const name = entity.list?.summary;
    if (name === undefined) continue;
    const at = source.positionOf(['list', 'summary']);
    const report = reports.find((r) => r.name === name);
    if (!report) {
      diagnostics.push({ ...at, message: `list.summary names report '${name}', which the spec lacks.${didYouMean(name, reports.map((r) => r.name))}` });
      continue;
    }
    const rows = entity.viewOf ?? entity.name;
    if (report.entity !== rows) diagnostics.push({ ...at, message: `list.summary: report ${name} adds up ${report.entity}, not the rows of ${entity.name} (${rows}).` });
  }
}
