/**
 * A field's `enabledBy` (docs/spec-language.md#fields-enabled-by-configuration) names a boolean configuration key,
 * read by the form (whether to show the field) and the API (whether to accept a value); a required or key field
 * could not be left out while the key is off.
 */
import type { ConfigKeyModel } from '../../common/model.js';
import { didYouMean, type Diagnostic } from '../diagnostics.js';
import type { LocatedEntity } from './check-cross-references.js';

export function checkEnabledBy(entities: LocatedEntity[], config: readonly ConfigKeyModel[], diagnostics: Diagnostic[]): void {
  const booleans = config.filter((k) => k.type === 'boolean').map((k) => k.key);
  for (const { value: entity, source } of entities) {
    for (const field of entity.fields) {
      if (field.enabledBy === undefined) continue;
      const at = source.positionOf(['fields', field.name, 'enabledBy']);
      if (!booleans.includes(field.enabledBy)) {
        diagnostics.push({ ...at, message: `Field '${field.name}': enabledBy '${field.enabledBy}' is not a boolean configuration key.${didYouMean(field.enabledBy, booleans)}` });
      }
      if (field.required || entity.key.includes(field.name)) {
        diagnostics.push({ ...at, message: `Field '${field.name}' is required or a key: it cannot be left out while '${field.enabledBy}' is off. Remove enabledBy or make it optional.` });
      }
    }
  }
}
