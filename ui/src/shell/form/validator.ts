/**
 * The generated form schemas are JSON Schema 2020-12 (the API's own), which rjsf's default draft-07 Ajv
 * cannot compile; the 2020 Ajv class reads them as the server does.
 *
 * In the built UI a form's validator is the one compiled at build time for its schema (precompiled.ts,
 * ui/precompiled-validators.ts): the Content-Security-Policy forbids the eval Ajv compiles with. Tests under
 * Node and the dev server (no CSP) compile at run time, with the same Ajv class and options.
 */
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { hashForSchema } from '@rjsf/utils';
import { createPrecompiledValidator, customizeValidator } from '@rjsf/validator-ajv8';
import Ajv2020 from 'ajv/dist/2020';
import { AJV_NAMED_FORMATS } from '../../../../common/named-formats';
import { PRECOMPILED } from './precompiled';

/** What both the run-time and the build-time validators are made with (ui/precompiled-validators.ts). */
export const VALIDATOR_OPTIONS = { AjvClass: Ajv2020, customFormats: AJV_NAMED_FORMATS };

/**
 * The run-time validator, for tests and the dev server. Not in the build (import.meta.env.PROD is a constant
 * there, so Ajv's compiler is left out of the bundle): it could not run under the CSP anyway.
 */
const runtimeValidator = import.meta.env.PROD ? undefined : customizeValidator(VALIDATOR_OPTIONS);

const bySchema = new WeakMap<object, ValidatorType>();

/** The validator for a form whose root schema is `schema` (a generated form's, or a transition input's). */
export function validatorFor(schema: RJSFSchema): ValidatorType {
  let found = bySchema.get(schema);
  if (!found) {
    const key = schema.$id ?? hashForSchema(schema);
    const compiled = PRECOMPILED[key];
    found = compiled ? createPrecompiledValidator(compiled, schema) : runtimeValidator;
    if (!found) throw new Error(`No validator compiled at build time for the form schema ${key} (ui/precompiled-validators.ts)`);
    bySchema.set(schema, found);
  }
  return found;
}
