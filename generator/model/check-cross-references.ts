/**
 * Checks that need the whole spec: references and children point at existing entities and fields,
 * names/tables/paths/routes are unique, and every permission names a declared function and action.
 * Resolves reference fields in place (their column type comes from the target's key).
 */
import { machinesOf, type CustomOperationModel, type EntityModel, type FieldModel, type Model } from '../../common/model.js';
import { isFixedExpression } from '../../common/child-fixed.js';
import { SCOPE_DIMENSIONS } from '../../common/data-scope.js';
import { logicVars } from '../../common/lifecycle.js';
import { machinePath } from './build-lifecycle.js';
import { checkExistsFilters } from './check-exists-filters.js';
import { checkGroupFilters } from './check-group-filters.js';
import { checkLookups } from './check-lookups.js';
import { checkRelatedLists } from './check-related-lists.js';
import { didYouMean, type Diagnostic } from '../diagnostics.js';
import type { PathSegment, SourceFile } from '../load/source-file.js';
import type { RawEntity } from './spec-types.js';
import { transferFieldOf } from './transfer-list.js';

export interface Located<T> { value: T; source: SourceFile }
/** An entity with the spec it was built from, for checks that must tell what the analyst wrote from a default. */
export interface LocatedEntity extends Located<EntityModel> { raw: RawEntity }

export function checkCrossReferences(
  entities: LocatedEntity[], pages: Located<Model['pages'][number]>[], pageSources: { source: SourceFile; index: number }[],
  functions: Record<string, string>, actions: Record<string, string>, diagnostics: Diagnostic[],
  operations: Located<CustomOperationModel>[] = [],
): void {
  const byName = new Map(entities.map((e) => [e.value.name, e.value]));
  const raws = new Map(entities.map((e) => [e.value.name, e.raw]));
  const report = (source: SourceFile, path: PathSegment[], message: string) => diagnostics.push({ ...source.positionOf(path), message });

  unique(entities, (e) => e.name, ['entity'], 'Entity name', report);
  // A view shares its entity's table (docs/spec-language.md#entity-views): it checks it against that entity.
  unique(entities.filter((e) => !e.value.viewOf), (e) => e.table, ['table'], 'Table', report);
  for (const { value: view, source } of entities) if (view.viewOf) checkView(view, byName.get(view.viewOf), source, report, [...byName.keys()]);
  for (const { value: entity, source } of entities) if (entity.viewRows) checkViewRows(entity, byName, source, report);
  for (const { value: entity, source } of entities) checkScopeThrough(entity, byName, source, report);
  unique(entities.filter((e) => e.value.api.path), (e) => e.api.path, ['api', 'path'], 'API path', report);

  const routes = new Map<string, string>();
  const claimRoute = (route: string, source: SourceFile, path: PathSegment[]) => {
    const normalized = route.replace(/:[A-Za-z0-9_]+\??/g, ':param');
    const previous = routes.get(normalized);
    if (previous) report(source, path, `Duplicate route '${route}': already declared in ${previous}. Give one of them another path.`);
    else routes.set(normalized, `${source.file}:${source.positionOf(path).line}`);
  };

  const checkPermission = (perm: string, source: SourceFile, path: PathSegment[]) => {
    const [fn, action] = perm.split(':');
    if (!(fn in functions)) report(source, path, `Function '${fn}' is not declared: add it under 'functions' in spec/platform/functions.yaml.${didYouMean(fn, Object.keys(functions))}`);
    else if (!(action in actions)) report(source, path, `Permission '${perm}' names the undeclared action '${action}'.${didYouMean(action, Object.keys(actions))}`);
  };

  for (const { value: entity, source, raw } of entities) {
    for (const field of entity.fields) {
      const valuesFrom = raw.fields[field.name].valuesFrom;
      if (valuesFrom) {
        const catalogue = valuesFrom === 'functions' ? functions : actions;
        field.options = [{ value: '*', label: 'Tutti' }, ...Object.entries(catalogue).map(([value, label]) => ({ value, label }))];
      }
      if (field.type !== 'reference') continue;
      const targetName = raw.fields[field.name].entity ?? '';
      const target = byName.get(targetName);
      const path = ['fields', field.name, 'entity'];
      if (!target) { report(source, path, `Field '${field.name}' references the unknown entity '${targetName}'.${didYouMean(targetName, byName.keys())}`); continue; }
      if (target.key.length !== 1) { report(source, path, `Field '${field.name}' references ${targetName}, whose key is composite; reference an entity with a single-field key.`); continue; }
      const keyField = target.fields.find((f) => f.name === target.key[0]);
      if (!keyField) continue;
      field.reference = { entity: target.name, field: keyField.name, type: keyField.type === 'reference' ? keyField.reference?.type ?? 'string' : keyField.type };
      inheritKeyConstraints(field, keyField, raw.fields[field.name].messages ?? {});
    }
    for (const child of entity.children) {
      const target = byName.get(child.entity);
      if (!target) { report(source, ['children', child.name, 'entity'], `Child '${child.name}' names the unknown entity '${child.entity}'.${didYouMean(child.entity, byName.keys())}`); continue; }
      const childFields = target.fields.map((f) => f.name);
      const parentFields = entity.fields.map((f) => f.name);
      for (const [childField, parentField] of Object.entries(child.link)) {
        if (!childFields.includes(childField)) report(source, ['children', child.name, 'link', childField], `Link field '${childField}' is not a field of ${target.name}.${didYouMean(childField, childFields)}`);
        if (!parentFields.includes(parentField)) report(source, ['children', child.name, 'link', childField], `Link value '${parentField}' is not a field of ${entity.name}.${didYouMean(parentField, parentFields)}`);
      }
      for (const [fixed, value] of Object.entries(child.fixed)) {
        if (!childFields.includes(fixed)) report(source, ['children', child.name, 'fixed', fixed], `Fixed field '${fixed}' is not a field of ${target.name}.${didYouMean(fixed, childFields)}`);
        // A computed value reads the parent row as it is saved: only its fields (common/child-fixed.ts).
        if (!isFixedExpression(value)) continue;
        for (const read of logicVars(value.expr)) {
          const name = read.name.split('.')[0];
          if (!parentFields.includes(name)) report(source, ['children', child.name, 'fixed', fixed, 'expr', ...read.path], `Fixed value of '${fixed}' reads '${read.name}', which is not a field of ${entity.name}.${didYouMean(name, parentFields)}`);
        }
      }
      for (const [i, field] of (child.dropEmpty ?? []).entries()) {
        if (!childFields.includes(field)) report(source, ['children', child.name, 'dropEmpty', i], `dropEmpty field '${field}' is not a field of ${target.name}.${didYouMean(field, childFields)}`);
      }
      for (const [value, fn] of Object.entries(child.choices?.functions ?? {})) {
        if (!(fn in functions)) report(source, ['children', child.name, 'choices', 'functions', value], `Function '${fn}' is not declared: add it under 'functions' in spec/platform/functions.yaml.${didYouMean(fn, Object.keys(functions))}`);
      }
      if (child.choices && !childFields.includes(child.choices.field)) report(source, ['children', child.name, 'choices', 'field'], `Choice field '${child.choices.field}' is not a field of ${target.name}.${didYouMean(child.choices.field, childFields)}`);
      if (child.widget === 'transferList') {
        const moved = transferFieldOf(child, target);
        if (typeof moved === 'string') report(source, ['children', child.name, 'widget'], moved);
        else {
          // The reference may not be resolved yet (entities are resolved in turn): read its target from the spec.
          const targetSpec = raws.get(target.name)?.fields[moved.name]?.entity;
          if (targetSpec && !byName.get(targetSpec)?.api.operations.includes('list')) {
            report(source, ['children', child.name, 'widget'], `Child '${child.name}' shows as a transferList: ${targetSpec} has no list API to offer its rows.`);
          }
        }
      }
    }
    checkRelatedLists(entity, byName, (path, message) => { report(source, path, message); });
    checkLookups(entity, byName, (path, message) => { report(source, path, message); });
    checkExistsFilters(entity, byName, (path, message) => { report(source, path, message); });
    checkGroupFilters(entity, (path, message) => { report(source, path, message); });
    for (const field of entity.fields) {
      if (field.editPermission) checkPermission(field.editPermission, source, ['fields', field.name, 'editPermission']);
    }
    for (const machine of machinesOf(entity)) {
      for (const t of machine.transitions) checkPermission(t.permission, source, [...machinePath(machine), 'transitions', t.name, 'permission']);
    }
    if (entity.api.path) {
      for (const [op, perm] of Object.entries(entity.api.permissions)) {
        const explicit = raw.api?.permissions?.[op];
        // A list (any of these): each entry where it is written.
        if (Array.isArray(explicit)) explicit.forEach((p, i) => { checkPermission(p, source, ['api', 'permissions', op, i]); });
        else checkPermission(perm, source, explicit ? ['api', 'permissions', op] : ['permission']);
      }
    }
    // A screen's permission is written under list/form only when it differs from the entity's own.
    if (entity.list) { claimRoute(entity.list.route, source, ['list', 'route']); checkPermission(entity.list.permission, source, raw.list?.permission ? ['list', 'permission'] : ['permission']); }
    if (entity.form) { claimRoute(entity.form.route, source, ['form', 'route']); checkPermission(entity.form.permission, source, raw.form?.permission ? ['form', 'permission'] : ['permission']); }
    entity.rowPermissions?.forEach((r, i) => { checkPermission(`${r.permission}:VISUALIZZAZIONE`, source, ['rowPermissions', i, 'permission']); });
    entity.form?.views?.forEach((view, i) => { claimRoute(view.route, source, ['form', 'views', i, 'route']); checkPermission(view.permission, source, ['form', 'views', i, 'permission']); });
  }
  // Custom operations share the URL space with the generated ones: same method and path twice is a mistake.
  const endpoints = new Map<string, string>();
  for (const { value: entity, source } of entities) {
    if (!entity.api.path) continue;
    const item = `/${entity.api.path}/${entity.key.map(() => '{}').join('/')}`;
    for (const [op, method, path] of [['list', 'get', `/${entity.api.path}`], ['create', 'post', `/${entity.api.path}`], ['get', 'get', item], ['update', 'put', item], ['delete', 'delete', item]] as const) {
      if (entity.api.operations.includes(op)) endpoints.set(`${method} ${path}`, source.file);
    }
  }
  for (const { value: op, source } of operations) {
    const id = `${op.method} /${op.path.replace(/\{[^}]+\}/g, '{}')}`;
    const previous = endpoints.get(id);
    if (previous) report(source, ['operations', op.name, 'path'], `${op.method.toUpperCase()} /${op.path} is already an operation of ${previous}. Use another path or method.`);
    else endpoints.set(id, source.file);
    if (op.permission) checkPermission(op.permission, source, ['operations', op.name, 'permission']);
  }
  unique(operations, (o) => o.name, [], 'Operation name', report);

  pages.forEach(({ value: page, source }, i) => {
    const index = pageSources[i].index;
    claimRoute(page.route, source, ['pages', index, 'route']);
    if (page.permission) checkPermission(page.permission, source, ['pages', index, 'permission']);
  });
}

/** A reference accepts what the target key accepts, and says so with the target's own messages. */
function inheritKeyConstraints(field: FieldModel, keyField: FieldModel, ownMessages: Partial<Record<string, string>>): void {
  for (const k of ['pattern', 'minLength', 'maxLength', 'minimum', 'maximum'] as const) {
    if (field[k] !== undefined || keyField[k] === undefined) continue;
    if (k === 'pattern') field.pattern = keyField.pattern;
    else field[k] = keyField[k];
    if (!ownMessages[k]) field.messages[k] = keyField.messages[k];
  }
}

function unique<T>(
  items: Located<T>[], pick: (value: T) => string, path: PathSegment[], what: string,
  report: (s: SourceFile, p: PathSegment[], m: string) => void,
): void {
  const seen = new Map<string, SourceFile>();
  for (const { value, source } of items) {
    const v = pick(value);
    const first = seen.get(v);
    if (first) report(source, path, `${what} '${v}' is already used by ${first.file}. Each must be unique.`);
    else seen.set(v, source);
  }
}

/**
 * A view's table, key and fields must be its entity's: it writes the same rows, so a field of another type or
 * a required field it leaves out (a create through the view could not fill it) would make rows its entity refuses;
 * a view without create may leave out required fields (its updates keep their stored values).
 */
function checkView(
  view: EntityModel, base: EntityModel | undefined, source: SourceFile, report: (source: SourceFile, path: PathSegment[], message: string) => void, names: string[],
): void {
  if (!base) { report(source, ['viewOf'], `viewOf names the unknown entity '${view.viewOf ?? ''}'.${didYouMean(view.viewOf ?? '', names)}`); return; }
  if (base.viewOf) report(source, ['viewOf'], `${base.name} is itself a view: name the entity that owns the table.`);
  if (view.table !== base.table) report(source, ['table'], `${view.name} is a view of ${base.name}: its table must be '${base.table}'.`);
  if (view.key.join(',') !== base.key.join(',')) report(source, ['key'], `${view.name} is a view of ${base.name}: its key must be ${base.key.join(', ')}.`);
  for (const field of view.fields) {
    const own = base.fields.find((f) => f.name === field.name);
    if (!own) report(source, ['fields', field.name], `Field '${field.name}' is not a field of ${base.name}, whose table the view ${view.name} shows.${didYouMean(field.name, base.fields.map((f) => f.name))}`);
    // A view may read a text field as a reference to another entity's key (a store id as a store): same column, no foreign key.
    else if (own.type !== field.type && !(own.type === 'string' && field.type === 'reference')) report(source, ['fields', field.name, 'type'], `Field '${field.name}' has type ${field.type} in ${view.name} and ${own.type} in ${base.name}: a view's field is its entity's.`);
  }
  // A view that creates nothing (a merchant's profile: get and update) may leave them out: an update keeps them.
  const creates = view.api.operations.includes('create');
  for (const field of base.fields.filter((f) => creates && f.required && f.default === undefined && f.generate === undefined)) {
    if (!view.fields.some((f) => f.name === field.name)) report(source, ['fields'], `${base.name}.${field.name} is required: the view ${view.name} must have it, or a create through the view could not fill it.`);
  }
}

/**
 * `viewRows` (docs/spec-language.md#the-rows-of-a-view): only on a view, over an entity the spec declares, linking
 * fields both sides have, and asking fields of that entity; each condition of a list alike.
 */
function checkViewRows(
  view: EntityModel, byName: ReadonlyMap<string, EntityModel>, source: SourceFile, report: (source: SourceFile, path: PathSegment[], message: string) => void,
): void {
  if (!view.viewRows) return;
  if (!view.viewOf) report(source, ['viewRows'], `viewRows restricts the rows of a view: ${view.name} has no viewOf.`);
  // Written as a list: its conditions are pointed at by index.
  const raw = source.data;
  const listed = typeof raw === 'object' && raw !== null && 'viewRows' in raw && Array.isArray(raw.viewRows);
  view.viewRows.forEach((rows, i) => {
    const at = (...path: PathSegment[]): PathSegment[] => (listed ? ['viewRows', i, ...path] : ['viewRows', ...path]);
    const target = byName.get(rows.entity);
    if (!target) { report(source, at('entity'), `viewRows names the unknown entity '${rows.entity}'.${didYouMean(rows.entity, [...byName.keys()])}`); return; }
    const theirs = target.fields.map((f) => f.name);
    const mine = view.fields.map((f) => f.name);
    for (const [their, own] of Object.entries(rows.link)) {
      if (!theirs.includes(their)) report(source, at('link', their), `'${their}' is not a field of ${target.name}.${didYouMean(their, theirs)}`);
      if (!mine.includes(own)) report(source, at('link', their), `'${own}' is not a field of ${view.name}.${didYouMean(own, mine)}`);
    }
    for (const field of Object.keys(rows.where)) {
      if (!theirs.includes(field)) report(source, at('where', field), `'${field}' is not a field of ${target.name}.${didYouMean(field, theirs)}`);
    }
    if (rows.withinScope) {
      // The caller narrows reads only: a write could not tell which rows the caller's scope of the other entity leaves.
      const writes = view.api.operations.filter((op) => !['list', 'get'].includes(op));
      if (writes.length) report(source, at('withinScope'), `viewRows.withinScope narrows what a caller reads: ${view.name} must be read-only (operations list and get), not ${writes.join(', ')}.`);
      if (Object.keys(target.scope).length === 0) report(source, at('withinScope'), `viewRows.withinScope keeps the rows of ${target.name} in the caller's data scope, but ${target.name} has no scope.`);
    }
  });
}

/**
 * A dimension taken through a reference (`scope: { branch: { through: pdvid } }`): the referenced entity must
 * carry that dimension in a field of its own, so the caller's restriction is a predicate on its rows.
 */
function checkScopeThrough(entity: EntityModel, byName: Map<string, EntityModel>, source: SourceFile, report: (source: SourceFile, path: PathSegment[], message: string) => void): void {
  for (const dimension of SCOPE_DIMENSIONS) {
    const through = entity.scopeThrough?.[dimension];
    if (!through) continue;
    const target = byName.get(through.entity);
    if (!target) continue; // the reference field's own check names the unknown entity
    const at: PathSegment[] = ['scope', dimension, 'through'];
    if (target === entity) report(source, at, `scope.${dimension}.through '${through.field}' points at ${entity.name} itself: name a field of ${entity.name} holding the ${dimension} instead.`);
    else if (target.scope[dimension] === undefined) {
      report(source, at, `scope.${dimension}.through '${through.field}' points at ${target.name}, whose scope has no ${dimension} field of its own: the ${dimension} must be carried by the referenced row.`);
    }
  }
}
