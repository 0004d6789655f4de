/**
 * Checks an operation's `indicator:` against the rest of the model: the counted entity and its enum field,
 * the group of codes that is counted, the integer configuration key of the refresh factor, and the
 * operation's shape (a GET with a permission answering { count }), so the shell can poll it blindly.
 */
import type { CustomOperationModel, Model } from '../../common/model.js';
import { didYouMean, type Diagnostic } from '../diagnostics.js';
import type { SourceFile } from '../load/source-file.js';

export function checkIndicators(operations: { value: CustomOperationModel; source: SourceFile }[], model: Pick<Model, 'entities' | 'config'>, diagnostics: Diagnostic[]): void {
  for (const { value: op, source } of operations) {
    const ind = op.indicator;
    if (!ind) continue;
    const at = (...path: string[]) => source.positionOf(['operations', op.name, 'indicator', ...path]);
    const report = (path: string[], message: string) => diagnostics.push({ ...at(...path), message });
    if (op.method !== 'get' || op.access !== 'permission' || !op.response.fields?.some((f) => f.name === 'count' && f.type === 'integer')) {
      report([], `Indicator '${op.name}' must be a GET with a permission whose response has an integer field 'count'.`);
    }
    const entity = model.entities.find((e) => e.name === ind.entity);
    if (!entity) {
      report(['entity'], `Indicator entity '${ind.entity}' is not declared.${didYouMean(ind.entity, model.entities.map((e) => e.name))}`);
    } else {
      const field = entity.fields.find((f) => f.name === ind.field);
      if (!field || field.type !== 'enum') {
        report(['field'], `Indicator field '${ind.field}' is not an enum field of ${entity.name}.${didYouMean(ind.field, entity.fields.filter((f) => f.type === 'enum').map((f) => f.name))}`);
      } else if (!field.groups?.[ind.group]) {
        report(['group'], `Field ${entity.name}.${field.name} has no group '${ind.group}'.${didYouMean(ind.group, Object.keys(field.groups ?? {}))}`);
      }
    }
    const key = model.config.find((k) => k.key === ind.refreshKey);
    if (!key || key.type !== 'integer') {
      report(['refreshKey'], `Indicator refresh key '${ind.refreshKey}' is not an integer key of spec/platform/config.yaml.${didYouMean(ind.refreshKey, model.config.filter((k) => k.type === 'integer').map((k) => k.key))}`);
    }
  }
}
