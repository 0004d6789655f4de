/**
 * express-openapi-validator compiles a schema only when a request first needs it, so a schema mistake
 * would surface as a 500 in front of a user. Compiling them all at boot makes it fail loudly at start.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';

const addFormats = addFormatsPlugin as unknown as (ajv: Ajv2020) => void;

export function compileAllSchemas(openapi: Record<string, unknown>): void {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(openapi, 'openapi.json');
  const schemas = ((openapi.components as { schemas?: Record<string, unknown> })?.schemas) ?? {};
  const failures: string[] = [];
  for (const name of Object.keys(schemas)) {
    try {
      ajv.compile({ $ref: `openapi.json#/components/schemas/${name}` });
    } catch (e) {
      failures.push(`${name}: ${(e as Error).message}`);
    }
  }
  if (failures.length) throw new Error(`generated/openapi.json has schemas that do not compile:\n${failures.join('\n')}`);
}
