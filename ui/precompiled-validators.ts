/**
 * Build-time form validators (issue 12 item 14). Ajv compiles a JSON Schema into JavaScript with
 * `new Function`, which the Content-Security-Policy forbids (script-src 'self', no 'unsafe-eval'); so the
 * build compiles every schema the forms validate (each generated/forms/<Entity>.json `schema`, and each
 * transition's `input.schema`) into standalone code, with rjsf's own compiler and the same Ajv class and
 * options as ui/src/shell/form/validator.ts. The module ui/src/shell/form/precompiled.ts is empty on disk
 * (tests under Node and the dev server, which sends no CSP, compile at run time) and filled here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import Ajv2020 from 'ajv/dist/2020.js';
import { _ } from 'ajv';
import { AJV_NAMED_FORMATS } from '../common/named-formats.js';
import type { Plugin } from 'vite';
import { isRecord, recordAt } from './src/core/guards.js';
import { textOf } from '../common/text.js';

const VIRTUAL = '\0webpos-form-validator:';

/** Every schema a form validates, with the key precompiled.ts files it under (as rjsf names a root schema). */
function formSchemas(formsDir: string): { key: string; schema: RJSFSchema }[] {
  const found = new Map<string, RJSFSchema>();
  const add = (schema: unknown) => {
    if (!isRecord(schema)) return;
    found.set(textOf(schema.$id ?? hashForSchema(schema)), schema);
  };
  for (const file of readdirSync(formsDir).filter((f) => f.endsWith('.json')).sort()) {
    const form: unknown = JSON.parse(readFileSync(join(formsDir, file), 'utf8'));
    add(recordAt(form, 'schema'));
    const transitions = recordAt(form, 'states')?.transitions;
    for (const t of Array.isArray(transitions) ? transitions : []) add(recordAt(recordAt(t, 'input'), 'schema'));
  }
  return [...found].map(([key, schema]) => ({ key, schema }));
}

export function precompiledFormValidators(repoRoot: string): Plugin {
  const formsDir = join(repoRoot, 'generated', 'forms');
  const target = resolve(repoRoot, 'ui/src/shell/form/precompiled.ts');
  let schemas: { key: string; schema: RJSFSchema }[] = [];
  return {
    name: 'webpos-precompiled-form-validators',
    apply: 'build',
    buildStart() {
      schemas = formSchemas(formsDir);
    },
    resolveId(id) {
      return id.startsWith(VIRTUAL) ? id : undefined;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL)) return undefined;
      const { schema } = schemas[Number(id.slice(VIRTUAL.length))];
      // CommonJS (Ajv's standalone default): the bundler turns its require() of Ajv's runtime helpers into imports.
      // Standalone code calls formats through one module (ajv-formats would point at its own, which lacks
      // the named ones): the same full formats plus the named formats, as the run-time validator has them.
      const formats = _`require(${resolve(repoRoot, 'ui/src/shell/form/standalone-formats.ts')}).STANDALONE_FORMATS`;
      return compileSchemaValidatorsCode(schema, { AjvClass: Ajv2020, customFormats: AJV_NAMED_FORMATS, ajvOptionsOverrides: { code: { formats } } });
    },
    transform(_code, id) {
      if (id !== target) return undefined;
      const imports = schemas.map((_, i) => `import v${i} from ${JSON.stringify(`${VIRTUAL}${i}`)};`).join('\n');
      const entries = schemas.map(({ key }, i) => `  ${JSON.stringify(key)}: v${i},`).join('\n');
      return { code: `${imports}\nexport const PRECOMPILED = {\n${entries}\n};\n`, map: null };
    },
  };
}
