/** Demo rows are checked like API input, at generation time, so a typo never reaches a first start. */
import { schemaValidator } from '../../common/json-schema-validator.js';
import type { Model } from '../../common/model.js';
import { failedChecks } from '../../common/row-checks.js';
import { didYouMean, type Diagnostic } from '../diagnostics.js';
import type { SourceFile } from '../load/source-file.js';
import { inputSchema } from '../shapes/entity-schema.js';
import type { RawDemo } from './spec-types.js';
import { withoutFileFields } from './demo-files.js';

export function checkDemo(demo: { raw: RawDemo; source: SourceFile }[], model: Model, diagnostics: Diagnostic[]): void {
  const ajv = schemaValidator();
  for (const { raw, source } of demo) {
    const entity = model.entities.find((e) => e.name === raw.demo);
    if (!entity) {
      diagnostics.push({ ...source.positionOf(['demo']), message: `Demo data for the unknown entity '${raw.demo}'.${didYouMean(raw.demo, model.entities.map((e) => e.name))}` });
      continue;
    }
    // Demo rows are the spec's own data: they may give server-set fields (ids, who accepted a movement).
    const validate = ajv.compile(inputSchema(entity, model, [], 'readOnly'));
    raw.rows.forEach((given, i) => {
      // File fields name files beside the YAML, checked by demo-files.ts.
      const row = withoutFileFields(entity, given);
      if (validate(row)) {
        // The entity's cross-field checks hold for demo rows too (the API would refuse them).
        for (const failed of failedChecks(entity, row)) {
          diagnostics.push({ ...source.positionOf(['rows', i, failed.field]), message: `Demo row ${i + 1}: ${failed.field}: ${failed.message}.` });
        }
        return;
      }
      for (const error of validate.errors ?? []) {
        const segments = error.instancePath.split('/').filter(Boolean);
        const extra = error.keyword === 'additionalProperties' ? String(error.params.additionalProperty) : undefined;
        const allowed = entity.fields.map((f) => f.name).concat(entity.children.map((c) => c.name));
        diagnostics.push({
          ...source.positionOf(['rows', i, ...segments, ...(extra ? [extra] : [])], { key: Boolean(extra) }),
          message: extra
            ? `Demo row ${i + 1}: '${extra}' is not a field of ${entity.name}.${didYouMean(extra, allowed)}`
            : `Demo row ${i + 1}: ${segments.join('.') || 'row'} ${error.message}.`,
        });
      }
    });
  }
}
