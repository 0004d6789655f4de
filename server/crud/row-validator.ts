/**
 * Checks a row that no request carried (the row a transition's `insert` effect creates) against its entity's
 * request schema in the document (`<Entity>Input`), as the API checks a create body: the same Ajv, the same
 * field messages (the spec's own, else the platform's). Compiled once per entity, on first use.
 */
import type { ValidateFunction } from 'ajv';
import { schemaValidator } from '../../common/json-schema-validator.js';
import type { EntityModel } from '../../common/model.js';
import type { RuntimeModel } from '../artifacts.js';
import { ApiError } from '../http/api-error.js';
import type { Row } from './row-mapping.js';

export type RowValidator = (entity: EntityModel, row: Row) => void;

export function createRowValidator(openapi: Record<string, unknown>, model: Pick<RuntimeModel, 'messages'>): RowValidator {
  const ajv = schemaValidator();
  ajv.addSchema(openapi, 'openapi.json');
  const compiled = new Map<string, ValidateFunction>();
  return (entity, row) => {
    let validate = compiled.get(entity.name);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi.json#/components/schemas/${entity.name}Input` });
      compiled.set(entity.name, validate);
    }
    // Absent values are left out, as a body would leave them (null is a value the schema may refuse).
    if (validate(Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined)))) return;
    const defaults: Partial<Record<string, string>> = model.messages.validation;
    const details = (validate.errors ?? []).map((issue) => {
      const name = issue.keyword === 'required' || issue.keyword === 'additionalProperties'
        ? String(Object.values(issue.params)[0])
        : issue.instancePath.replace(/^\//, '').split('/')[0];
      const own: Partial<Record<string, string>> | undefined = entity.fields.find((f) => f.name === name)?.messages;
      const message = issue.keyword === 'additionalProperties' ? model.messages.validation.unknownField
        : own?.[issue.keyword] ?? defaults[issue.keyword] ?? model.messages.validation.fallback;
      return { field: name || 'body', message };
    });
    throw new ApiError('VALIDATION_ERROR', details);
  };
}
