/**
 * Normalizes one entity file into an EntityModel and reports mistakes local to the file (unknown field
 * names in key, lists, rules ...). Checks that need other files (references, children, routes) live in
 * check-cross-references.ts.
 */
import type { EntityModel, FieldModel, Operation, ChildOperation, RowPermissionModel } from '../../common/model.js';
import { didYouMean, type Diagnostic, type SourcePosition } from '../diagnostics.js';
import type { PathSegment, SourceFile } from '../load/source-file.js';
import { buildChild } from './build-child.js';
import { buildField } from './build-field.js';
import { checkFileFieldUses } from './check-file-fields.js';
import { buildExport } from './build-export.js';
import { buildRequireOneFilter } from './build-require-one-filter.js';
import { buildSearchPeriod } from './build-search-period.js';
import { buildLifecycle } from './build-lifecycle.js';
import { compileRule } from './compile-rule.js';
import type { RawEntity } from './spec-types.js';
import { buildFormLayout } from './build-form-layout.js';
import { checkScope, splitScope } from './check-scope.js';
import { logicVars } from '../../common/lifecycle.js';

const ALL_OPERATIONS: Operation[] = ['list', 'get', 'create', 'update', 'delete'];
const DEFAULT_ACTIONS: Record<Operation | ChildOperation, string> = {
  list: 'VISUALIZZAZIONE', get: 'VISUALIZZAZIONE', create: 'CREAZIONE', update: 'AGGIORNAMENTO',
  delete: 'CANCELLAZIONE', childList: 'VISUALIZZAZIONE', childReplace: 'AGGIORNAMENTO',
};

export function buildEntity(raw: RawEntity, source: SourceFile, defaults: Record<string, string>, diagnostics: Diagnostic[]): EntityModel {
  const fields = Object.entries(raw.fields).map(([name, f]) => buildField(name, f, source, defaults, diagnostics));
  const names = fields.map((f) => f.name);
  const checkField = (name: string, path: PathSegment[], what: string) => {
    if (!names.includes(name)) {
      diagnostics.push({ ...source.positionOf(path), message: `${what} '${name}' is not a field of ${raw.entity}.${didYouMean(name, names)}` });
    }
  };

  const key = Array.isArray(raw.key) ? raw.key : [raw.key];
  key.forEach((k, i) => checkField(k, Array.isArray(raw.key) ? ['key', i] : ['key'], 'Key field'));

  const permission = raw.permission;
  if (raw.api && !permission && Object.keys(raw.api.permissions ?? {}).length < ALL_OPERATIONS.length) {
    diagnostics.push({ ...source.positionOf(['api']), message: `Entity ${raw.entity} has an API but no 'permission': declare the function that guards it (e.g. permission: ANAG_BANCHE).` });
  }
  // A list of permissions means any of them (docs/spec-language.md#any-of-permissions): the first is the operation's own.
  const declaredOf = (op: Operation | ChildOperation): string[] | undefined => {
    const declared = raw.api?.permissions?.[op];
    return declared === undefined ? undefined : Array.isArray(declared) ? declared : [declared];
  };
  const permissionOf = (op: Operation | ChildOperation) => declaredOf(op)?.[0] ?? `${permission ?? 'UNDECLARED'}:${DEFAULT_ACTIONS[op]}`;
  // Only the changes take a list (the schema's `operationPermission`): reading stays one permission.
  const permissionsAnyOf: Partial<Record<Operation | ChildOperation, string[]>> = {};
  for (const op of ['create', 'update', 'delete'] as const) {
    const declared = declaredOf(op);
    if (declared && declared.length > 1) permissionsAnyOf[op] = declared;
  }
  // A row's children change with it: whoever may update it may replace them.
  if (permissionsAnyOf.update && Object.keys(raw.children ?? {}).length) permissionsAnyOf.childReplace = [...new Set([permissionOf('childReplace'), ...permissionsAnyOf.update])];
  const permissions: Record<Operation | ChildOperation, string> = {
    list: permissionOf('list'), get: permissionOf('get'), create: permissionOf('create'), update: permissionOf('update'),
    delete: permissionOf('delete'), childList: permissionOf('childList'), childReplace: permissionOf('childReplace'),
  };

  (raw.api?.compact ?? []).forEach((f, i) => checkField(f, ['api', 'compact', i], 'Compact field'));
  const declared: Partial<typeof raw.fields> = raw.fields;
  (raw.display ?? []).forEach((f, i) => {
    checkField(f, ['display', i], 'Display field');
    // A display name is shown to whoever sees a row that refers to this one, outside this entity's scope.
    if (declared[f]?.secret) diagnostics.push({ ...source.positionOf(['display', i]), message: `Display field '${f}' of ${raw.entity} is secret: a row's name is shown wherever other rows refer to it. Name rows by fields that are not secret.` });
  });
  // Public reference data is everyone's: rows restricted to some callers cannot be searched by all of them.
  if (raw.referenceData && Object.keys(raw.scope ?? {}).length) diagnostics.push({ ...source.positionOf(['referenceData']), message: `${raw.entity} is referenceData, which every signed-in user searches, and has a scope, which hides rows from some of them. Drop one of the two.` });
  // A field condition reads fields of the row it belongs to: `{var: tipoSoggetto}`.
  for (const [name, f] of Object.entries(raw.fields)) {
    for (const key of ['requiredWhen', 'readOnlyWhen', 'hiddenWhen', 'clearWhen'] as const) {
      const logic = f[key];
      if (logic === undefined) continue;
      for (const v of logicVars(logic)) {
        const read = v.name.split('.')[0];
        if (!names.includes(read)) diagnostics.push({ ...source.positionOf(['fields', name, key, ...v.path]), message: `${key} of '${name}' reads '${v.name}', which is not a field of ${raw.entity}.${didYouMean(read, names)}` });
      }
    }
  }
  (raw.list?.columns ?? []).forEach((f, i) => checkField(f, ['list', 'columns', i], 'Column'));
  (raw.list?.filters ?? []).forEach((f, i) => checkField(f, ['list', 'filters', i], 'Filter'));
  // A filter chosen when the caller sees one row of its entity: a reference the list filters by.
  (raw.list?.selectSingle ?? []).forEach((f, i) => {
    if (!(raw.list?.filters ?? []).includes(f) || Object.entries(raw.fields).find(([n]) => n === f)?.[1].type !== 'reference') {
      diagnostics.push({ ...source.positionOf(['list', 'selectSingle', i]), message: `selectSingle names '${f}', which is not a reference among the list's filters (${(raw.list?.filters ?? []).join(', ')}).` });
    }
  });
  // Badges follow a listed column and read fields of the row (docs/spec-language.md#list-badges).
  if (raw.list?.badges) {
    const { column, items } = raw.list.badges;
    const listed = raw.list.columns ?? names.slice(0, 6);
    if (!listed.includes(column)) diagnostics.push({ ...source.positionOf(['list', 'badges', 'column']), message: `Badges follow '${column}', which is not a column of the list (${listed.join(', ')}).` });
    items.forEach((b, i) => {
      for (const v of logicVars(b.when)) {
        const read = v.name.split('.')[0];
        if (!names.includes(read)) diagnostics.push({ ...source.positionOf(['list', 'badges', 'items', i, 'when', ...v.path]), message: `Badge '${b.label}' reads '${v.name}', which is not a field of ${raw.entity}.${didYouMean(read, names)}` });
      }
    });
  }
  (raw.form?.fields ?? []).forEach((f, i) => checkField(f, ['form', 'fields', i], 'Form field'));
  if (raw.form?.fields && raw.form.layout) {
    diagnostics.push({ ...source.positionOf(['form', 'fields']), message: `Form of ${raw.entity} declares both fields and layout: the layout places the fields, drop 'fields'.` });
  }
  const confirmNames = Object.keys(raw.confirmFields ?? {});
  Object.entries(raw.confirmFields ?? {}).forEach(([name, c]) => {
    if (names.includes(name)) diagnostics.push({ ...source.positionOf(['confirmFields', name], { key: true }), message: `Confirmation field '${name}' has the name of a field of ${raw.entity}: a confirmation is not stored, give it its own name.` });
    checkField(c.confirms, ['confirmFields', name, 'confirms'], 'Confirmed field');
    const confirmed = fields.find((f) => f.name === c.confirms);
    if (confirmed && confirmed.type !== 'string') diagnostics.push({ ...source.positionOf(['confirmFields', name, 'confirms']), message: `Confirmation field '${name}' repeats '${c.confirms}', which is not a string field.` });
  });
  const formLayout = raw.form?.layout && buildFormLayout(raw.form.layout, {
    entity: raw.entity, fields: [...names, ...confirmNames], children: Object.keys(raw.children ?? {}), hidden: fields.filter((f) => f.ui.hidden).map((f) => f.name),
  }, source, diagnostics);
  (raw.confirmations ?? []).forEach((c, i) => checkField(c.field, ['confirmations', i, 'field'], 'Confirmation field'));
  (raw.checks ?? []).forEach((c, i) => checkField(c.field, ['checks', i, 'field'], 'Check field'));
  for (const op of Object.keys(raw.success ?? {}).filter(isOperation)) {
    if (raw.api && !(raw.api.operations ?? ALL_OPERATIONS).includes(op)) {
      diagnostics.push({ ...source.positionOf(['success', op]), message: `Success message for '${op}', which ${raw.entity} does not offer (api.operations).` });
    }
  }
  if (raw.deleteConfirmation && raw.api && !(raw.api.operations ?? ALL_OPERATIONS).includes('delete')) {
    diagnostics.push({ ...source.positionOf(['deleteConfirmation']), message: `Delete confirmation on ${raw.entity}, which offers no delete (api.operations).` });
  }
  (raw.indexes ?? []).forEach((ix, i) => ix.fields.forEach((f, j) => checkField(f, ['indexes', i, 'fields', j], 'Index field')));
  (raw.indexes ?? []).forEach((ix, i) => checkTrigramIndex(ix, fields, source.positionOf(['indexes', i]), diagnostics));
  (raw.indexes ?? []).forEach((ix, i) => checkPartialUnique(ix, fields, (path) => source.positionOf(['indexes', i, ...path]), diagnostics));
  checkFileFieldUses(raw, source, diagnostics);
  checkMigrationDeclarations(raw, names, source, diagnostics, checkField);
  (raw.rules ?? []).forEach((rule, i) => {
    for (const f of Object.keys(rule.when ?? {})) checkField(f, ['rules', i, 'when', f], 'Rule condition field');
    for (const [f, v] of Object.entries(rule.set)) {
      checkField(f, ['rules', i, 'set', f], 'Rule target field');
      if (v !== null && typeof v === 'object' && !('expr' in v)) {
        diagnostics.push({ ...source.positionOf(['rules', i, 'set', f]), message: `Rule value for '${f}' must be a plain value or {expr: <JSON Logic>}.` });
      }
    }
  });

  [...(raw.api?.path ?? '').matchAll(/\{([^}]+)\}/g)].forEach((m, i) => {
    if (m[1] !== key[i]) diagnostics.push({ ...source.positionOf(['api', 'path']), message: `Path parameter {${m[1]}} must be key field number ${i + 1} ('${key[i] ?? 'none'}'): a collection path can only name leading key fields.` });
  });
  checkScope(raw.scope ?? {}, source, diagnostics, checkField, raw.fields);
  const scope = splitScope(raw.scope ?? {}, raw.fields);
  if (raw.readAbove && !raw.scope?.group) diagnostics.push({ ...source.positionOf(['readAbove']), message: `${raw.entity} has readAbove but no scope group: readAbove opens the rows of the groups above the caller's, so it needs scope: { group: <field> }.` });

  const sortSpec = raw.list?.sort ?? key[0];
  const sortField = sortSpec.replace(/^-/, '');
  if (raw.list?.sort) checkField(sortField, ['list', 'sort'], 'Sort field');
  checkRouteParams(raw, key, source, diagnostics);
  checkTabOptions(raw, source, diagnostics);

  const routePermission = `${permission ?? 'UNDECLARED'}:VISUALIZZAZIONE`;
  const operations: Operation[] = raw.api ? (raw.api.operations ?? ALL_OPERATIONS) : [];
  const exportModel = buildExport(raw, fields, operations.includes('list'), source, diagnostics);
  const requireOneFilter = buildRequireOneFilter(raw, fields, source, diagnostics);
  const period = buildSearchPeriod(raw, fields, source, diagnostics);
  const label = raw.label ?? raw.entity;
  const labelPlural = raw.labelPlural ?? label;
  return {
    name: raw.entity,
    label,
    labelPlural,
    table: raw.table,
    key,
    fields,
    children: Object.entries(raw.children ?? {}).map(([name, c]) => buildChild(name, c, source, defaults, diagnostics)),
    // clearWhen is a rule like the spec's own, after them: the form and the API clear the field alike.
    rules: [
      ...(raw.rules ?? []).map(compileRule),
      ...Object.entries(raw.fields).flatMap(([name, f]) => (f.clearWhen === undefined ? [] : [{ when: f.clearWhen, set: { [name]: null } }])),
    ],
    // Label, columns and page size default to the listed entity's: check-cross-references fills them in.
    relatedLists: Object.entries(raw.relatedLists ?? {}).map(([name, r]) => ({
      name, entity: r.entity, label: r.label ?? '', link: r.link, columns: r.columns ?? [], pageSize: r.pageSize ?? 0,
      ...(r.widget === 'tabs' ? { tabs: { label: r.tabLabel ?? '', params: r.tabParams ?? {}, pageParam: r.pageParam ?? `pagina-${name}` } } : {}),
    })),
    ...(raw.confirmFields ? { confirmFields: Object.entries(raw.confirmFields).map(([name, c]) => ({ name, ...c })) } : {}),
    ...(raw.rowPermissions ? { rowPermissions: buildRowPermissions(raw, permission, source, diagnostics) } : {}),
    // The label defaults to the filtered field's: check-exists-filters fills it in.
    ...(raw.groupFilters ? { groupFilters: Object.entries(raw.groupFilters).map(([param, g]) => ({ param, field: g.field, group: g.group, label: g.label })) } : {}),
    ...(raw.existsFilters ? { existsFilters: Object.entries(raw.existsFilters).map(([param, x]) => ({ param, entity: x.entity, link: x.link, field: x.field, label: x.label ?? '' })) } : {}),
    scope: scope.scope,
    ...(Object.keys(scope.through).length ? { scopeThrough: scope.through } : {}),
    ...(raw.readAbove ? { readAbove: true as const } : {}),
    confirmations: raw.confirmations ?? [],
    ...(raw.success ? { success: raw.success } : {}),
    ...(raw.deleteConfirmation ? { deleteConfirmation: raw.deleteConfirmation } : {}),
    ...(raw.checks?.length ? { checks: raw.checks.map((c) => ({ field: c.field, valid: c.valid, message: c.message })) } : {}),
    indexes: [
      ...fields.filter((f) => (f.index || f.unique) && !key.includes(f.name)).map((f) => ({ name: `${raw.table}_${f.column}_${f.unique ? 'uq' : 'idx'}`, fields: [f.name], unique: f.unique })),
      ...(raw.indexes ?? []).map((ix) => ({
        // A partial one names its condition's fields too, so it never takes the name of a whole-table index on the same fields.
        name: `${raw.table}_${[...ix.fields, ...(ix.where ? ['when', ...Object.keys(ix.where)] : [])].join('_').toLowerCase()}_${ix.kind === 'trigram' ? 'trgm' : ix.unique ? 'uq' : 'idx'}`,
        fields: ix.fields, unique: ix.unique ?? false, ...(ix.kind ? { kind: ix.kind } : {}),
        ...(ix.where ? { where: ix.where } : {}), ...(ix.message ? { message: ix.message, field: ix.field ?? ix.fields[ix.fields.length - 1] } : {}),
      })),
    ],
    display: raw.display ?? (raw.api?.compact?.length ? raw.api.compact : key),
    api: {
      path: raw.api?.path ?? '',
      pageSize: raw.api?.pageSize ?? 20,
      maxPageSize: raw.api?.maxPageSize ?? Math.max(200, raw.api?.pageSize ?? 20),
      compact: raw.api?.compact ?? [],
      operations,
      permissions,
      ...(Object.keys(permissionsAnyOf).length ? { permissionsAnyOf } : {}),
      ...(exportModel ? { export: exportModel } : {}),
      ...(requireOneFilter ? { requireOneFilter } : {}),
      ...(raw.api?.pageWindow !== undefined ? { pageWindow: raw.api.pageWindow } : {}),
      ...(raw.api?.countLimit !== undefined ? { countLimit: raw.api.countLimit } : {}),
      ...(raw.api?.paging === 'keyset' ? { paging: 'keyset' as const } : {}),
      ...(period ? { period } : {}),
    },
    ...(raw.list ? {
      list: {
        route: raw.list.route,
        title: raw.list.title ?? labelPlural,
        columns: raw.list.columns ?? names.slice(0, 6),
        filters: raw.list.filters ?? [],
        sort: { field: sortField, direction: sortSpec.startsWith('-') ? 'desc' as const : 'asc' as const },
        permission: raw.list.permission ?? routePermission,
        ...(raw.list.badges ? { badges: raw.list.badges } : {}),
        ...(raw.list.collapseFilters ? { collapseFilters: true as const } : {}),
        ...(raw.list.emptyMessage ? { emptyMessage: raw.list.emptyMessage } : {}),
        ...(raw.list.selectSingle?.length ? { selectSingle: raw.list.selectSingle } : {}),
        ...(raw.list.summary ? { summary: raw.list.summary } : {}),
        ...(raw.list.operations ? { operations: raw.list.operations } : {}),
      },
    } : {}),
    ...(raw.form ? {
      form: {
        route: raw.form.route, title: raw.form.title ?? label, permission: raw.form.permission ?? routePermission,
        // With a layout, the form's fields are the ones it places, in its reading order.
        fields: formLayout ? formLayout.placed.filter((n) => names.includes(n)) : raw.form.fields ?? names,
        ...(formLayout ? { layout: formLayout.layout } : {}),
        ...(raw.form.createRefusal ? { createRefusal: raw.form.createRefusal } : {}),
        ...(raw.form.banners ? { banners: raw.form.banners } : {}),
        ...(raw.form.operations ? { operations: raw.form.operations } : {}),
        ...(raw.form.views ? {
          views: raw.form.views.map((v) => ({ route: v.route, title: v.title ?? raw.form?.title ?? label, permission: v.permission, readOnly: v.readOnly ?? false })),
        } : {}),
      },
    } : {}),
    ...(raw.menu ? { menu: { group: raw.menu.group, label: raw.menu.label ?? labelPlural, order: raw.menu.order ?? 100, ...(raw.menu.icon ? { icon: raw.menu.icon } : {}) } } : {}),
    ...(raw.renamedFrom ? { renamedFrom: raw.renamedFrom } : {}),
    ...(raw.audit === false ? { audit: false as const } : {}),
    ...(raw.referenceData ? { referenceData: true as const } : {}),
    ...(raw.migrate ? { migrate: { dropFields: raw.migrate.dropFields ?? [], narrow: raw.migrate.narrow ?? [], backfill: raw.migrate.backfill ?? {} } } : {}),
    ...buildLifecycle(raw, fields, source, defaults, diagnostics),
    ...(raw.viewOf ? { viewOf: raw.viewOf } : {}),
    // One condition or a list of them, all to hold: the model always has the list, each with its `where` (maybe none).
    ...(raw.viewRows ? { viewRows: [raw.viewRows].flat().map((rows) => ({ ...rows, where: rows.where ?? {} })) } : {}),
    source: source.file,
  };
}

function isOperation(name: string): name is Operation {
  return ALL_OPERATIONS.some((op) => op === name);
}

/**
 * The form route must carry the key, as optional parameters named like the key fields, in key order. Optional
 * parameters after them hold the open tabs of related lists (checked with those lists, check-related-lists.ts).
 */
function checkRouteParams(raw: RawEntity, key: string[], source: SourceFile, diagnostics: Diagnostic[]): void {
  if (!raw.form) return;
  // A form view (docs/spec-language.md#form-views) opens the same record: its route carries the key alike.
  const routes: [string, (string | number)[]][] = [[raw.form.route, ['form', 'route']], ...(raw.form.views ?? []).map((v, i): [string, (string | number)[]] => [v.route, ['form', 'views', i, 'route']])];
  for (const [route, at] of routes) {
    const params = [...route.matchAll(/:([A-Za-z0-9_]+)\??/g)].map((m) => m[1]);
    if (params.slice(0, key.length).join(',') !== key.join(',')) {
      const expected = key.map((k) => `:${k}?`).join('/');
      diagnostics.push({ ...source.positionOf(at), message: `Form route parameters (${params.join(', ') || 'none'}) must be the key fields in order: end the route with /${expected}.` });
    }
    const mandatory = [...route.matchAll(/:([A-Za-z0-9_]+)(\/|$)/g)].map((m) => m[1]).filter((p) => !key.includes(p));
    if (mandatory.length) diagnostics.push({ ...source.positionOf(at), message: `Form route parameters after the key (${mandatory.join(', ')}) must be optional: write :${mandatory[0]}?.` });
  }
}

/** tabLabel, tabParams and pageParam describe tabs: without `widget: tabs` they would be ignored. */
function checkTabOptions(raw: RawEntity, source: SourceFile, diagnostics: Diagnostic[]): void {
  for (const [name, related] of Object.entries(raw.relatedLists ?? {})) {
    if (related.widget === 'tabs') continue;
    for (const option of ['tabLabel', 'tabParams', 'pageParam'] as const) {
      if (related[option] !== undefined) diagnostics.push({ ...source.positionOf(['relatedLists', name, option]), message: `Related list '${name}': ${option} needs widget: tabs.` });
    }
  }
}

/** `migrate:` and `renamedFrom` must name what the analyst means: current fields, or old names that are gone. */
function checkMigrationDeclarations(
  raw: RawEntity, names: string[], source: SourceFile, diagnostics: Diagnostic[],
  checkField: (name: string, path: PathSegment[], what: string) => void,
): void {
  (raw.migrate?.narrow ?? []).forEach((f, i) => checkField(f, ['migrate', 'narrow', i], 'Narrowed field'));
  Object.keys(raw.migrate?.backfill ?? {}).forEach((f) => checkField(f, ['migrate', 'backfill', f], 'Backfilled field'));
  (raw.migrate?.dropFields ?? []).forEach((f, i) => {
    if (names.includes(f)) diagnostics.push({ ...source.positionOf(['migrate', 'dropFields', i]), message: `'${f}' is still a field of ${raw.entity}: remove it from 'fields' to drop its column, or from 'dropFields' to keep it.` });
  });
  for (const [name, f] of Object.entries(raw.fields)) {
    if (f.renamedFrom && names.includes(f.renamedFrom)) {
      diagnostics.push({ ...source.positionOf(['fields', name, 'renamedFrom']), message: `Field '${name}' is renamed from '${f.renamedFrom}', which is still a field of ${raw.entity}: a column cannot be renamed into two.` });
    }
  }
}

/**
 * Rows governed by another function (docs/spec-language.md#row-permissions): the field must be an enum with the
 * named group, and the entity must have a function of its own for the other to replace.
 */
function buildRowPermissions(raw: RawEntity, permission: string | undefined, source: SourceFile, diagnostics: Diagnostic[]): RowPermissionModel[] {
  return (raw.rowPermissions ?? []).flatMap((r, i) => {
    const declared: Partial<RawEntity['fields']> = raw.fields;
    const field = declared[r.field];
    const codes = field?.type === 'enum' ? field.groups?.[r.group] : undefined;
    if (!permission) diagnostics.push({ ...source.positionOf(['rowPermissions', i]), message: `Row permissions of ${raw.entity} replace the entity's function, but it declares no 'permission'.` });
    else if (!field || field.type !== 'enum') diagnostics.push({ ...source.positionOf(['rowPermissions', i, 'field']), message: `Row permission field '${r.field}' is not an enum field of ${raw.entity}.` });
    else if (!codes) diagnostics.push({ ...source.positionOf(['rowPermissions', i, 'group']), message: `Field '${r.field}' has no group '${r.group}' (its groups: ${Object.keys(field.groups ?? {}).join(', ') || 'none'}).` });
    return permission && codes ? [{ field: r.field, group: r.group, codes, permission: r.permission, replaces: permission }] : [];
  });
}

/**
 * A partial unique rule (docs/spec-language.md#partial-unique-rules): `where`, `message` and `field` belong to a unique
 * index; the condition compares fields of the entity with values they can hold (an enum's code), and the message goes
 * on one of the index's fields.
 */
function checkPartialUnique(
  ix: NonNullable<RawEntity['indexes']>[number], fields: FieldModel[], at: (path: PathSegment[]) => SourcePosition, diagnostics: Diagnostic[],
): void {
  for (const key of ['where', 'message', 'field'] as const) {
    if (ix[key] !== undefined && !ix.unique) diagnostics.push({ ...at([key]), message: `'${key}' belongs to a unique index: add 'unique: true' to { fields: [${ix.fields.join(', ')}] }.` });
  }
  if (ix.field !== undefined && !ix.fields.includes(ix.field)) diagnostics.push({ ...at(['field']), message: `The message's field '${ix.field}' is not one of the index's fields (${ix.fields.join(', ')}).` });
  if (ix.field !== undefined && ix.message === undefined) diagnostics.push({ ...at(['field']), message: `'field' says where the index's 'message' goes: add the message.` });
  for (const [name, value] of Object.entries(ix.where ?? {})) {
    const field = fields.find((f) => f.name === name);
    if (!field) {
      diagnostics.push({ ...at(['where', name]), message: `Index condition field '${name}' is not a field of this entity.` });
    } else if (typeof value === 'string' && value.includes('?')) {
      // The condition is written into the migration's SQL, where knex would read a '?' as a placeholder.
      diagnostics.push({ ...at(['where', name]), message: `Index condition ${name}: a value with '?' cannot be written into the index's SQL.` });
    } else if (field.options && !field.options.some((o) => o.value === value)) {
      diagnostics.push({ ...at(['where', name]), message: `'${String(value)}' is not a code of ${name} (${field.options.map((o) => o.value).join(', ')}).` });
    } else if ((field.type === 'boolean') !== (typeof value === 'boolean') || ((field.type === 'integer' || field.type === 'decimal') !== (typeof value === 'number'))) {
      diagnostics.push({ ...at(['where', name]), message: `Index condition ${name}: ${JSON.stringify(value)} is not a value of a ${field.type} field.` });
    }
  }
}

/**
 * A trigram index serves one field's contains-search (server/crud/list-query.ts): a text field searched by
 * wildcard, alone in its index; anything else would build an index no query reads.
 */
function checkTrigramIndex(ix: { fields: string[]; unique?: boolean; kind?: 'trigram' }, fields: FieldModel[], at: SourcePosition, diagnostics: Diagnostic[]): void {
  if (ix.kind !== 'trigram') return;
  const field = fields.find((f) => f.name === ix.fields[0]);
  if (ix.fields.length !== 1 || ix.unique) {
    diagnostics.push({ ...at, message: `A trigram index has one field and is not unique: write { fields: [${ix.fields[0]}], kind: trigram }.` });
  } else if (field && (field.type !== 'string' || field.search !== 'wildcard')) {
    diagnostics.push({ ...at, message: `A trigram index serves a text field's wildcard search: give ${field.name} 'type: string' and 'search: wildcard', or drop 'kind: trigram'.` });
  }
}
