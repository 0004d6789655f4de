/**
 * The UI manifest: routes, menu, list columns, filters and page sizes the generic shell renders. Its type is
 * generated/types/manifest.ts, which emitters/manifest-type.ts compiles from `manifestSchema`: the value built
 * here is checked against that type by tsc and against the schema at every `npm run gen`.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { entityByName, transitionsOf, type EntityModel, type FieldModel, type ListOperationModel, type Model } from '../../common/model.js';
import type { BulkAction, ColumnDef, EntityMeta, FilterDef, ListOperation, Manifest, ReportMeta, RouteDef } from '../../generated/types/manifest.js';
import { dimensionFilterOptions, type ReportModel } from '../../common/report.js';
import type { ReportPeers } from '../../common/report-peers.js';
import { deepestShell } from '../../common/shells.js';
import { iconComponent } from '../model/check-menu-icons.js';
import { entityMenuRoute } from '../../common/entity-menu.js';
import { permissionsUsed } from '../model/permissions-used.js';
import { fieldByName } from '../model/resolved.js';
import { jsonFile, type Emitter } from './emitter.js';
import { MANIFEST_KEYWORDS, manifestSchema } from './manifest-type.js';
import { API_BASE, filterFields } from './openapi.js';

export const manifestEmitter: Emitter = {
  name: 'manifest',
  emit: (model) => [jsonFile('manifest.json', checked(buildManifest(model)))],
};

let validate: ReturnType<Ajv2020['compile']> | undefined;

/** A manifest its own schema refuses is a generator bug: stop before any file is written. */
function checked(manifest: Manifest): Manifest {
  validate ??= new Ajv2020({ allErrors: true, strict: true, keywords: MANIFEST_KEYWORDS }).compile(manifestSchema);
  if (!validate(JSON.parse(JSON.stringify(manifest)))) {
    throw new Error(`generated/manifest.json does not match generator/emitters/manifest-type.ts: ${JSON.stringify(validate.errors)}`);
  }
  return manifest;
}

interface MenuItem { label: string; route: string; permission?: string; icon?: string; order: number }

/** The component @tabler/icons-react exports for a spec's icon name, as generated/ui/menu-icons.ts names it. */
function iconOf(entry: { icon?: string } | undefined): { icon?: string } {
  return entry?.icon ? { icon: iconComponent(entry.icon) } : {};
}

export function buildManifest(model: Model): Manifest {
  // messages.yaml's schema requires no particular error code: a spec may leave EXPORT_FAILED out.
  const errors: Partial<Record<string, string>> = model.messages.errors;
  const routes: RouteDef[] = [];
  const shellOf = new Map(model.shell.shells.flatMap((s) => s.routes.map((route) => [route, s.name] as const)));
  // Reports and dashboards belong, as form views do, to the shell with the longest prefix their route lies under.
  const shell = (route: string) => shellOf.get(route) ?? deepestShell(model.shell.shells, route)?.name ?? model.shell.shells[0].name;
  const menu = new Map<string, MenuItem[]>();
  const addMenu = (group: string, item: MenuItem) => menu.set(group, [...(menu.get(group) ?? []), item]);

  for (const entity of model.entities) {
    if (entity.list) routes.push({ path: entity.list.route, kind: 'list', entity: entity.name, permission: entity.list.permission, shell: shell(entity.list.route) });
    if (entity.form) routes.push({ path: entity.form.route, kind: 'form', entity: entity.name, permission: entity.form.permission, shell: shell(entity.form.route) });
    for (const view of entity.form?.views ?? []) {
      routes.push({ path: view.route, kind: 'form', entity: entity.name, permission: view.permission, shell: shell(view.route), title: view.title, ...(view.readOnly ? { readOnly: true } : {}) });
    }
    const entry = entityMenuRoute(entity);
    if (entity.menu && entry) addMenu(entity.menu.group, { label: entity.menu.label, ...entry, ...iconOf(entity.menu), order: entity.menu.order });
  }
  for (const report of model.reports) {
    routes.push({ path: report.route, kind: 'report', report: report.name, permission: report.permission, shell: shell(report.route), title: report.label });
    if (report.menu) addMenu(report.menu.group, { label: report.menu.label, route: report.route, permission: report.permission, ...iconOf(report.menu), order: report.menu.order });
  }
  for (const dashboard of model.dashboards ?? []) {
    routes.push({ path: dashboard.route, kind: 'dashboard', dashboard: dashboard.name, permission: dashboard.permission, shell: shell(dashboard.route), title: dashboard.label });
    if (dashboard.menu) addMenu(dashboard.menu.group, { label: dashboard.menu.label, route: dashboard.route, permission: dashboard.permission, ...iconOf(dashboard.menu), order: dashboard.menu.order });
  }
  for (const page of model.pages) {
    routes.push({ path: page.route, kind: 'extension', component: page.component, title: page.title, public: page.public, shell: shell(page.route), ...(page.permission ? { permission: page.permission } : {}) });
    if (page.menu) addMenu(page.menu.group, { label: page.menu.label, route: page.route, ...(page.permission ? { permission: page.permission } : {}), ...iconOf(page.menu), order: page.menu.order });
  }

  return {
    apiBase: API_BASE,
    locale: { date: 'DD/MM/YYYY', dateTime: 'DD/MM/YYYY HH:mm', currency: 'EUR', firstDayOfWeek: 1 },
    ui: { bannerTimeoutMs: 3000, typeaheadDelayMs: 800 },
    // The application frames, each with its login, layout, menu, home and landing per kind of user (spec/ui/pages.yaml).
    shells: model.shell.shells.map(({ routes: _routes, login, ...def }) => ({
      ...def, loginRealm: model.bindings?.loginRealms[login.realm] ?? login.realm, loginTitle: login.title, ...(login.register ? { loginRegister: login.register } : {}),
    })),
    // The login pages and the userType each sends (spec/platform/bindings.yaml).
    ...(model.bindings ? { loginRealms: model.bindings.loginRealms } : {}),
    emailWarningGroups: model.shell.emailWarningGroups,
    // Hand-written paginators (the notification history popup): page numbers shown at once (spec/ui/pages.yaml).
    ...(model.shell.pageWindow !== undefined ? { pageWindow: model.shell.pageWindow } : {}),
    // The spec's query defaults of custom operations, by operation name: what a page size the server
    // applies when none is sent (notifiche/storico: 10), so a hand-written page pages the same way.
    queryDefaults: Object.fromEntries(model.operations
      .map((o) => [o.name, Object.fromEntries(o.query.filter((f) => f.default !== undefined).map((f) => [f.name, f.default]))] as const)
      .filter(([, d]) => Object.keys(d).length)),
    // Enum inputs of custom operations (label, codes, groups), so a hand-written search form offers the spec's choices.
    queryEnums: Object.fromEntries(model.operations
      .map((o) => [o.name, Object.fromEntries(o.query.flatMap((f) => (f.options ? [[f.name, { label: f.label, options: f.options, ...(f.groups ? { groups: f.groups } : {}) }]] : [])))] as const)
      .filter(([, d]) => Object.keys(d).length)),
    // Default validation messages (spec/platform/messages.yaml), for the shell's hand-written forms.
    messages: model.messages.validation,
    // What hand-written pages say after a custom operation succeeds, by operation name (its `successMessage`).
    successMessages: Object.fromEntries(model.operations.flatMap((o) => (o.successMessage ? [[o.name, o.successMessage]] : []))),
    // Texts a page shows around a custom operation that no answer carries (a failure in the browser), by operation name.
    shellMessages: Object.fromEntries(model.operations.flatMap((o) => (o.shellMessages ? [[o.name, o.shellMessages]] : []))),
    // The permission catalogue, for the role editor's grant grid (spec/platform/functions.yaml).
    functions: model.functions,
    actions: model.actions,
    functionActions: permissionsUsed(model),
    menu: [...menu.entries()]
      .sort(([a, ai], [b, bi]) => Math.min(...ai.map((i) => i.order)) - Math.min(...bi.map((i) => i.order)) || a.localeCompare(b))
      .map(([label, items]) => ({ label, ...iconOf(model.shell.menuGroups[label]), items: items.sort((x, y) => x.order - y.order || x.label.localeCompare(y.label)).map(({ order: _o, ...i }) => i) })),
    routes,
    // Header counters the shell polls (operations with `indicator:`), only for holders of `permission`.
    indicators: model.operations.flatMap(({ name, path, permission, indicator }) => (indicator ? [{
      name, path, permission, label: indicator.label, refreshKey: indicator.refreshKey,
      ...(indicator.route ? { route: indicator.route } : {}),
    }] : [])),
    entities: Object.fromEntries(model.entities.filter((e) => e.api.operations.length).map((e) => [e.name, entityManifest(e, model)])),
    reports: Object.fromEntries(model.reports.map((r) => [r.name, reportManifest(r, model)])),
    ...(model.dashboards ? { dashboards: Object.fromEntries(model.dashboards.map(({ name, route: _r, permission: _p, source: _s, menu: _m, ...d }) => [name, d])) } : {}),
    // Asynchronous exports (seed 000 §4): the configuration keys of the wait and of the poll step, the failure text.
    exports: {
      maxWaitKey: 'TRANSATO_DOWNLOAD_ASINCRONO_TIME', stepKey: 'DOWNLOAD_ASINCRONO_INTERVALLO', firstCheckMs: 1000,
      failedMessage: errors.EXPORT_FAILED ?? '',
    },
  };
}

/** A list's operation button (checked by check-list-operations.ts): the operation's call, and which filter gives each query value. */
function listOperation(entity: EntityModel, model: Model, button: ListOperationModel): ListOperation {
  const op = model.operations.find((o) => o.name === button.operation);
  return {
    label: button.label, method: op?.method ?? 'post', path: op?.path ?? '', permission: op?.permission ?? '',
    ...(button.confirm ? { confirm: button.confirm } : {}),
    ...(button.selection ? { selection: button.selection } : {}),
    ...(button.filters ? { filters: button.filters.map((name) => ({ query: name, param: fieldByName(entity, name).filterParam })) } : {}),
    ...(op?.response.file ? { file: true as const } : {}),
  };
}

/** The transitions a list may run on its selected rows (`bulk:`), in the spec's order. */
function bulkActions(entity: EntityModel): BulkAction[] {
  return transitionsOf(entity).flatMap(({ name, label, confirm, bulk, input, permission }) => (bulk
    ? [{ name, label, ...(confirm ? { confirm } : {}), mode: bulk, hasInput: Boolean(input?.length), permission }]
    : []));
}

function entityManifest(entity: EntityModel, model: Model): EntityMeta {
  const bulk = bulkActions(entity);
  // groups: the enum's named subsets of codes, so a page can tell e.g. a suspended ticket without spelling codes.
  // reference: the entity a reference points to, so a filter picks its row by name; maxLength: how wide a text column needs to be;
  // format: a named format the cell and the filter show in their own way (a month as "luglio 2026").
  const column = (f: FieldModel): ColumnDef => ({
    field: f.name, label: f.label, type: f.type, ...(f.options ? { options: f.options } : {}), ...(f.groups ? { groups: f.groups } : {}),
    ...(f.reference ? { reference: f.reference.entity } : {}), ...(f.maxLength !== undefined ? { maxLength: f.maxLength } : {}),
    ...(f.format ? { format: f.format } : {}),
  });
  return {
    label: entity.label,
    labelPlural: entity.labelPlural,
    path: entity.api.path,
    key: entity.key,
    pageSize: entity.api.pageSize,
    maxPageSize: entity.api.maxPageSize,
    compact: entity.api.compact,
    display: entity.display,
    ...(entity.referenceData ? { referenceData: true } : {}),
    ...(entity.list ? { listRoute: entity.list.route, title: entity.list.title } : {}),
    ...(entity.form ? { formRoute: entity.form.route } : {}),
    // Said to a caller without the create permission who opens the form to create, before it goes home.
    ...(entity.form?.createRefusal ? { createRefusal: entity.form.createRefusal } : {}),
    // Buttons of a saved row that run a custom operation (a reset password): its path with the key's {params}.
    ...(entity.form?.operations ? {
      formOperations: entity.form.operations.map((b) => {
        const op = model.operations.find((o) => o.name === b.operation);
        const prefill = b.prefill ? model.operations.find((o) => o.name === b.prefill) : undefined;
        return {
          operation: b.operation, label: b.label, method: op?.method ?? 'put', path: op?.path ?? '', permission: op?.permission ?? '', ...(b.confirm ? { confirm: b.confirm } : {}),
          // With a body, its inputs are asked in a modal (forms/<Entity>.json operationInputs), started at the GET's answer.
          ...(op?.body?.length ? { input: true } : {}), ...(prefill ? { prefillPath: prefill.path } : {}),
          // A GET answering a file: the button downloads it.
          ...(op?.response.file ? { file: true } : {}),
        };
      }),
    } : {}),
    // Buttons of the list running a custom operation: with the selected rows, or with the filters' values.
    ...(entity.list?.operations ? { listOperations: entity.list.operations.map((b) => listOperation(entity, model, b)) } : {}),
    // The column the list's badges follow carries them: its cells read "Libreria Online [PayWay]".
    columns: (entity.list?.columns ?? entity.fields.slice(0, 6).map((f) => f.name)).map((n) => ({
      ...column(fieldByName(entity, n)), ...(entity.list?.badges?.column === n ? { badges: entity.list.badges.items } : {}),
    })),
    // A range filter is two inputs, `<param>Da` and `<param>A` (the API's parameters).
    filters: filterFields(entity).flatMap((f): FilterDef[] => (f.search === 'range'
      ? [{ ...column(f), label: `${f.label} dal`, param: `${f.filterParam}Da`, search: 'range' }, { ...column(f), label: `${f.label} al`, param: `${f.filterParam}A`, search: 'range' }]
      : [{ ...column(f), param: f.filterParam, search: f.search ?? 'exact' }]))
      // A filter over related rows is a text input named by its parameter (docs/spec-language.md#filters-over-related-rows).
      .concat((entity.existsFilters ?? []).map((x): FilterDef => ({ field: x.param, label: x.label, type: 'string', param: x.param, search: 'exact' })))
      // A filter over an enum group is a yes/no select (docs/spec-language.md#filters-over-an-enum-group).
      .concat((entity.groupFilters ?? []).map((g): FilterDef => ({ field: g.param, label: g.label, type: 'boolean', param: g.param, search: 'exact' }))),
    defaultSort: entity.list?.sort ?? { field: entity.key[0], direction: 'asc' },
    operations: entity.api.operations,
    permissions: entity.api.permissions,
    // Operations any of several permissions allows (`permissions: { update: [A, B] }`): the form shows Salva to holders of any.
    ...(entity.api.permissionsAnyOf ? { permissionsAnyOf: entity.api.permissionsAnyOf } : {}),
    // Rows another function governs: the form decides save and delete on the row's own (common/model.ts permissionForRow).
    ...(entity.rowPermissions ? { rowPermissions: entity.rowPermissions } : {}),
    ...(entity.api.export ? { exportFormats: entity.api.export.formats } : {}),
    // The list page asks for one of these filters before calling, with the API's own message.
    ...(entity.api.requireOneFilter ? { requireOneFilter: entity.api.requireOneFilter } : {}),
    // The period the list is searched over and the API's messages for a period it refuses (common/search-period.ts).
    ...(entity.api.period ? { period: entity.api.period } : {}),
    ...(entity.api.pageWindow !== undefined ? { pageWindow: entity.api.pageWindow } : {}),
    ...(entity.api.countLimit !== undefined ? { countLimit: entity.api.countLimit } : {}),
    ...(entity.list?.collapseFilters ? { collapseFilters: true } : {}),
    ...(entity.list?.emptyMessage ? { emptyMessage: entity.list.emptyMessage } : {}),
    ...(entity.list?.selectSingle ? { selectSingle: entity.list.selectSingle } : {}),
    // The report whose totals the list shows, and its page (the aggregate view), for the list's filters.
    ...(entity.list?.summary ? { summary: { report: entity.list.summary, route: model.reports.find((r) => r.name === entity.list?.summary)?.route ?? '' } } : {}),
    // The list's delete button asks and reports like the form does (spec `deleteConfirmation`, `success.delete`).
    ...(entity.deleteConfirmation ? { deleteConfirmation: entity.deleteConfirmation } : {}),
    ...(entity.success?.delete ? { deletedMessage: entity.success.delete } : {}),
    ...(bulk.length ? { bulkActions: bulk } : {}),
    // Which field holds each data-scope dimension: the shell locks the one the caller is fixed to (users/me).
    ...(Object.keys(entity.scope).length ? { scope: scopeFields(entity) } : {}),
    ...(entity.relatedLists.length ? {
      relatedLists: entity.relatedLists.map((r) => {
        const listed = entityByName(model, r.entity);
        return { name: r.name, entity: r.entity, label: r.label, pageSize: r.pageSize, link: r.link, columns: r.columns.map((n) => column(fieldByName(listed, n))), ...(r.tabs ? { tabs: r.tabs } : {}) };
      }),
    } : {}),
  };
}

/** What the report page asks (filters as the list's, the period, the grouping) and shows (measures, charts). */
function reportManifest(report: ReportModel, model: Model): ReportMeta {
  const entity = entityByName(model, report.entity);
  const meta = entityManifest(entity, model);
  const period = report.period;
  return {
    label: report.label, path: report.path,
    // The period's two dates first, then the spec's filters, as the list's own inputs.
    filters: [
      ...meta.filters.filter((f) => f.field === period?.field && !report.compare && !report.peers),
      ...meta.filters.filter((f) => report.filters.includes(f.field)).map((f) => {
        const named = report.filterNames?.[f.field];
        return named ? { ...f, param: named.param, ...(named.label ? { label: named.label } : {}) } : f;
      }),
      // A weekday or a slot: a choice among the dimension's named groups (docs/spec-language.md#filters-over-derived-values).
      ...(report.dimensionFilters ?? []).flatMap((f) => {
        const dimension = report.dimensions.find((d) => d.name === f.dimension);
        return dimension ? [{ field: dimension.field, label: f.label, type: 'enum' as const, options: dimensionFilterOptions(dimension), param: f.param, search: 'exact' as const }] : [];
      }),
    ],
    ...(period && !report.compare && !report.peers ? { period: { from: period.from, to: period.to, maxMonths: period.maxMonths, defaultMonths: period.defaultMonths, messages: period.messages } } : {}),
    measures: report.measures.map((m) => ({ name: m.name, label: m.label, format: m.format })),
    dimensions: report.dimensions.map((d) => ({ name: d.name, label: d.label })),
    defaultDimension: report.defaultDimension,
    charts: report.charts,
    ...(Object.keys(entity.scope).length ? { scope: scopeFields(entity) } : {}),
    ...(report.exportFormats.length ? { exportFormats: report.exportFormats } : {}),
    ...(report.paging ? { paging: report.paging } : {}),
    ...(report.detail ? { detail: { route: report.detail.route, label: report.detail.label, params: report.detail.params } } : {}),
    ...(report.compare ? { compare: { kinds: report.compare.kinds, settleDays: report.compare.settleDays, messages: report.compare.messages } } : {}),
    ...(report.peers ? { peers: peersManifest(report.peers, period?.maxMonths ?? 12) } : {}),
  };
}

/** What the peer comparison's page asks (the month range, the trait, the narrowings) and shows (a chart per dimension). */
function peersManifest(peers: ReportPeers, maxMonths: number): NonNullable<ReportMeta['peers']> {
  return {
    maxMonths, dimensions: peers.dimensions, minimum: peers.minimum,
    params: [{ param: peers.same.param, label: peers.same.label, required: true }, ...peers.narrow.map((n) => ({ param: n.param, label: n.label, required: false }))],
    messages: peers.messages,
  };
}

/**
 * A field a view's `viewRows` links is not fixed by the shell: the value the caller is fixed to (a bank's own
 * group) is one the view's rows never hold (they are its merchants' groups), so the user chooses it among them.
 * A link kept within the caller's scope (`withinScope`) narrows the same way the scope does: its field stays fixed.
 */
function scopeFields(entity: EntityModel): Record<string, string> {
  const chosen = new Set((entity.viewRows ?? []).filter((rows) => !rows.withinScope).flatMap((rows) => Object.values(rows.link)));
  const fields: Record<string, string> = {};
  for (const [dimension, field] of Object.entries(entity.scope)) if (!chosen.has(field)) fields[dimension] = field;
  return fields;
}
