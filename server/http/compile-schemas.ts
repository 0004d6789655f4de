/**
 * express-openapi-validator compiles a schema only when a request first needs it, so a schema mistake
 * would surface as a 500 in front of a user. Compiling them all at boot makes it fail loudly at start.
 */
import { schemaValidator } from '../../common/json-schema-validator.js';
import { documentKey, documentSchemas } from './openapi-document.js';

/** Documents whose schemas all compiled in this process: a test run starts hundreds of apps on the same few. */
const compiled = new Set<string>();

export function compileAllSchemas(openapi: Record<string, unknown>): void {
  const key = documentKey(openapi);
  if (compiled.has(key)) return;
  const ajv = schemaValidator();
  ajv.addSchema(openapi, 'openapi.json');
  const schemas = documentSchemas(openapi);
  const failures: string[] = [];
  for (const name of Object.keys(schemas)) {
    try {
      ajv.compile({ $ref: `openapi.json#/components/schemas/${name}` });
    } catch (e) {
      failures.push(`${name}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  if (failures.length) throw new Error(`generated/openapi.json has schemas that do not compile:\n${failures.join('\n')}`);
  compiled.add(key);
}
