/**
 * The Ajv every server-side and generator check of the API's schemas uses: JSON Schema 2020-12, as
 * generated/openapi.json is written, with ajv-formats' full checks (2023-02-29 is no date) and the named
 * formats of the spec language. The API's request validator and the forms take the same formats through
 * their own options (server/http/validation.ts, ui/src/shell/form/validator.ts).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { addNamedFormats } from './named-formats.js';

export function schemaValidator(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv, { mode: 'full' });
  return addNamedFormats(ajv);
}
