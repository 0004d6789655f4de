/**
 * Build-time form validators (issue 12 item 14). Ajv compiles a JSON Schema into JavaScript with
 * `new Function`, which the Content-Security-Policy forbids (script-src 'self', no 'unsafe-eval'); so the
 * build compiles every schema the forms validate (each generated/forms/<Entity>.json `schema`, each
 * transition's `input.schema` and each form operation's `operationInputs.<name>.schema`) into standalone code, with rjsf's own compiler and the same Ajv class and
 * options as ui/src/shell/form/validator.ts. Each form's validators travel with that form's definition: the
 * build appends to the module of generated/forms/<Entity>.json the imports of its own validators and their
 * registration in ui/src/shell/form/precompiled.ts, so a page downloads the validators of the form it shows
 * (with its definition, in one chunk), not those of every form. Tests under Node and the dev server, which
 * sends no CSP, compile at run time instead.
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

/** Every schema a form validates, with the key precompiled.ts files it under (as rjsf names a root schema), by form file. */
function formSchemas(formsDir: string): Map<string, { key: string; schema: RJSFSchema }[]> {
  const byForm = new Map<string, { key: string; schema: RJSFSchema }[]>();
  for (const file of readdirSync(formsDir).filter((f) => f.endsWith('.json')).sort()) {
    const found = new Map<string, RJSFSchema>();
    const add = (schema: unknown) => {
      if (!isRecord(schema)) return;
      found.set(textOf(schema.$id ?? hashForSchema(schema)), schema);
    };
    const form: unknown = JSON.parse(readFileSync(join(formsDir, file), 'utf8'));
    add(recordAt(form, 'schema'));
    const transitions = recordAt(form, 'states')?.transitions;
    for (const t of Array.isArray(transitions) ? transitions : []) add(recordAt(recordAt(t, 'input'), 'schema'));
    // The bodies of the form's operations (docs/spec-language.md#form-operations), asked in the same modal.
    for (const input of Object.values(recordAt(form, 'operationInputs') ?? {})) add(recordAt(input, 'schema'));
    byForm.set(resolve(formsDir, file), [...found].map(([key, schema]) => ({ key, schema })));
  }
  return byForm;
}

export function precompiledFormValidators(repoRoot: string): Plugin {
  const formsDir = join(repoRoot, 'generated', 'forms');
  const registry = resolve(repoRoot, 'ui/src/shell/form/precompiled.ts');
  let byForm = new Map<string, { key: string; schema: RJSFSchema }[]>();
  /** Virtual module id -> schema; the id names the form file and the schema's place in it. */
  const schemaOf = (id: string) => {
    const [file, index] = id.slice(VIRTUAL.length).split('#');
    return byForm.get(file)?.[Number(index)]?.schema;
  };
  return {
    name: 'webpos-precompiled-form-validators',
    apply: 'build',
    // After Vite's JSON plugin: a form file is a JavaScript module by then.
    enforce: 'post',
    buildStart() {
      byForm = formSchemas(formsDir);
    },
    resolveId(id) {
      return id.startsWith(VIRTUAL) ? id : undefined;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL)) return undefined;
      const schema = schemaOf(id);
      if (!schema) throw new Error(`no form schema for ${id}`);
      // CommonJS (Ajv's standalone default): the bundler turns its require() of Ajv's runtime helpers into imports.
      // Standalone code calls formats through one module (ajv-formats would point at its own, which lacks
      // the named ones): the same full formats plus the named formats, as the run-time validator has them.
      const formats = _`require(${resolve(repoRoot, 'ui/src/shell/form/standalone-formats.ts')}).STANDALONE_FORMATS`;
      return compileSchemaValidatorsCode(schema, { AjvClass: Ajv2020, customFormats: AJV_NAMED_FORMATS, ajvOptionsOverrides: { code: { formats } } });
    },
    transform(code, id) {
      const schemas = byForm.get(id.split('?')[0]);
      if (!schemas) return undefined;
      const imports = schemas.map((_, i) => `import __v${i} from ${JSON.stringify(`${VIRTUAL}${id.split('?')[0]}#${i}`)};`).join('\n');
      const entries = schemas.map(({ key }, i) => `  ${JSON.stringify(key)}: __v${i},`).join('\n');
      return {
        code: `${code}\n${imports}\nimport { PRECOMPILED as __precompiled } from ${JSON.stringify(registry)};\nObject.assign(__precompiled, {\n${entries}\n});\n`,
        map: null,
      };
    },
  };
}
