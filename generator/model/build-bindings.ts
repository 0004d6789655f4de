/**
 * Resolves spec/platform/bindings.yaml: every role names an entity of the spec, and every field the
 * platform reads of that role exists in it, so a renamed entity or field fails `npm run gen` at
 * file:line:col instead of the first audit, mail or export at run time.
 */
import { ENTITY_ROLES, ROLE_CODES, ROLE_FIELDS, type Bindings, type EntityBinding, type EntityRole } from '../../common/bindings.js';
import type { EntityModel } from '../../common/model.js';
import { didYouMean, type Diagnostic } from '../diagnostics.js';
import type { SpecFile } from '../validate/schema-check.js';
import { buildDataScope } from './build-data-scope.js';

export function buildBindings(files: SpecFile<'bindings'>[], entities: EntityModel[], diagnostics: Diagnostic[]): Bindings | undefined {
  files.slice(1).forEach((f) => diagnostics.push({ ...f.source.positionOf(['bindings']), message: `Only one bindings file is allowed; the first is ${files[0].source.file}. Merge them.` }));
  const first = files.at(0);
  if (!first) return undefined;
  const { source } = first;
  const raw = first.raw.bindings;
  const resolved: Partial<Record<EntityRole, EntityBinding>> = {};
  for (const role of ENTITY_ROLES) {
    const at = (...path: string[]) => source.positionOf(['bindings', 'entities', role, ...path]);
    const { entity: name, fields: renamed = {} } = raw.entities[role];
    const known: readonly string[] = ROLE_FIELDS[role];
    for (const name of Object.keys(renamed).filter((n) => !known.includes(n))) {
      diagnostics.push({ ...at('fields', name), message: `'${name}' is not a field of the role ${role}: its fields are ${known.join(', ')}.${didYouMean(name, known)}` });
    }
    const entity = entities.find((e) => e.name === name);
    if (!entity) {
      diagnostics.push({ ...at('entity'), message: `Role ${role}: no entity is named ${name}.${didYouMean(name, entities.map((e) => e.name))}` });
      continue;
    }
    const fields = Object.fromEntries(known.map((f) => [f, renamed[f] ?? f]));
    const codes: Partial<Record<string, readonly string[]>> = ROLE_CODES[role] ?? {};
    for (const [roleField, field] of Object.entries(fields)) {
      const where = renamed[roleField] !== undefined ? at('fields', roleField) : at('entity');
      const found = entity.fields.find((f) => f.name === field);
      if (!found) {
        const hint = renamed[roleField] !== undefined ? '' : ` Add it, or map it: fields: { ${roleField}: <field of ${name}> }.`;
        diagnostics.push({ ...where, message: `Role ${role} needs field ${roleField}: entity ${name} has no field ${field}.${hint}${didYouMean(field, entity.fields.map((f) => f.name))}` });
        continue;
      }
      const { options } = found;
      const missing = options ? (codes[roleField] ?? []).filter((code) => !options.some((o) => o.value === code)) : [];
      if (missing.length) diagnostics.push({ ...where, message: `Role ${role}: field ${name}.${field} must offer the codes the platform writes; missing ${missing.join(', ')}.` });
    }
    resolved[role] = { entity: name, fields };
  }
  const { bank, merchant } = raw.loginRealms;
  if (bank === merchant) diagnostics.push({ ...source.positionOf(['bindings', 'loginRealms', 'merchant']), message: `The login realms must differ: both are '${bank}'.` });
  // Kept even when wrong (its diagnostic stops the run): the functions' flags are then not reported again.
  const { merchantEntity } = raw;
  checkMerchantEntity(merchantEntity, entities, source, diagnostics);
  // A role left out has its diagnostic above, which stops the run before anyone reads the bindings.
  const dataScope = buildDataScope(raw.dataScope, entities, source, diagnostics);
  return everyRoleBound(resolved)
    ? { entities: resolved, loginRealms: { bank, merchant }, ...(merchantEntity ? { merchantEntity } : {}), dataScope }
    : undefined;
}

/**
 * The merchants' own entity: the server finds a merchant caller's row by the bank and merchant code of its group,
 * so the entity must map both dimensions in its `scope`, the merchant one being its key.
 */
function checkMerchantEntity(name: string | undefined, entities: EntityModel[], source: SpecFile<'bindings'>['source'], diagnostics: Diagnostic[]): void {
  if (name === undefined) return;
  const at = source.positionOf(['bindings', 'merchantEntity']);
  const entity = entities.find((e) => e.name === name);
  if (!entity) {
    diagnostics.push({ ...at, message: `merchantEntity: no entity is named ${name}.${didYouMean(name, entities.map((e) => e.name))}` });
    return;
  }
  const { bank, merchant } = entity.scope;
  if (bank === undefined || merchant === undefined || !entity.key.includes(merchant)) {
    diagnostics.push({ ...at, message: `merchantEntity: ${name} must be the merchants' own rows: its scope maps bank and merchant, and the merchant field is its key (scope: { bank: <field>, merchant: <key> }).` });
  }
}

function everyRoleBound(resolved: Partial<Record<EntityRole, EntityBinding>>): resolved is Record<EntityRole, EntityBinding> {
  return ENTITY_ROLES.every((role) => resolved[role] !== undefined);
}
