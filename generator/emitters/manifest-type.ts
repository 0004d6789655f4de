/**
 * The one TypeScript type of generated/manifest.json, `generated/types/manifest.ts`, compiled from the JSON
 * Schema below (json-schema-to-typescript, as types/entities.ts). The UI reads the manifest through it
 * (ui/src/core/types.ts re-exports it); the manifest emitter builds a value of that type and validates what
 * it writes against the same schema, so emitter, file and UI cannot drift apart (docs/artifacts.md).
 */
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import type { Emitter } from './emitter.js';

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const strings = { type: 'array', items: str } as const;
/** A menu icon: the component @tabler/icons-react exports, which generated/ui/menu-icons.ts holds. */
const MENU_ICON = { type: 'string', description: "The @tabler/icons-react component (IconBuildingBank) of the spec's icon, in generated/ui/menu-icons.ts." } as const;
const record = (values: object) => ({ type: 'object', additionalProperties: values }) as const;
const ref = (name: string) => ({ $ref: `#/$defs/${name}` }) as const;
/** An object with exactly these properties; `required` lists the ones always present. */
const shape = (title: string, properties: Record<string, object>, required: string[], description?: string) =>
  ({ title, ...(description ? { description } : {}), type: 'object', properties, required, additionalProperties: false }) as const;

const OPERATIONS = ['list', 'get', 'create', 'update', 'delete'];
/** What a list needs of a column's field beyond its type: the entity a reference points to, a text's longest value. */
const columnExtras = {
  reference: { ...str, description: 'The entity a reference points to: a filter picks its row by name (`?format=compact&q=`).' },
  maxLength: { ...int, description: "A text field's longest value, which sizes its column." },
  format: { ...str, description: "A text field's named format (docs/spec-language.md#named-formats): `mese` is shown as \"luglio 2026\" and filtered with a month picker." },
};
const routeBase = {
  path: str, permission: str, title: str, public: { type: 'boolean', description: 'Reachable without login (seed 000 §2).' },
  shell: { ...str, description: 'The name of the shell the route belongs to (spec/ui/pages.yaml `shells`).' },
};
/** The frames a shell can have (spec/ui/pages.yaml `layout`); the UI has one component for each. */
export const SHELL_LAYOUTS = ['sidebar', 'topbar'];
const USER_KINDS = ['bank', 'assistance', 'merchant'];

/** json-schema-to-typescript's annotation for a value the schema cannot type (JSON Logic: `unknown`); a validator of the schema must know it. */
export const MANIFEST_KEYWORDS = ['tsType'];

export const manifestSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Manifest',
  description: 'generated/manifest.json: routes, menu, list columns, filters and page sizes the generic shell renders (docs/artifacts.md#manifestjson).',
  type: 'object',
  additionalProperties: false,
  required: ['apiBase', 'locale', 'ui', 'shells', 'emailWarningGroups', 'queryDefaults', 'queryEnums', 'messages', 'successMessages', 'shellMessages', 'functions', 'actions', 'functionActions', 'menu', 'routes', 'indicators', 'entities', 'exports'],
  properties: {
    apiBase: str,
    locale: shape('Locale', { date: str, dateTime: str, currency: str, firstDayOfWeek: int }, ['date', 'dateTime', 'currency', 'firstDayOfWeek']),
    ui: shape('UiTimings', { bannerTimeoutMs: int, typeaheadDelayMs: int }, ['bannerTimeoutMs', 'typeaheadDelayMs']),
    shells: { type: 'array', items: ref('ShellDef'), description: 'The application frames (spec/ui/pages.yaml `shells`); every route names its own.' },
    loginRealms: shape('LoginRealms', { bank: str, merchant: str }, ['bank', 'merchant'], 'The login realms (query userType, /login/<realm>) of bank-side users and merchants (spec/platform/bindings.yaml; absent from a spec without it).'),
    emailWarningGroups: { ...strings, description: 'Parent groups whose users without e-mail are only warned (spec/ui/pages.yaml).' },
    pageWindow: { ...int, description: 'Page numbers a hand-written paginator shows at once (spec/ui/pages.yaml `pageWindow`).' },
    queryDefaults: { ...record(record({})), description: 'Query defaults of custom operations by operation name (notification history `pageDimension`: 10).' },
    queryEnums: { ...record(record(ref('QueryEnum'))), description: 'Enum inputs of custom operations by operation and input name.' },
    messages: { ...record(str), description: 'Default validation messages of spec/platform/messages.yaml (required, type, ...).' },
    successMessages: { ...record(str), description: 'The `successMessage` of each custom operation that has one, by operation name.' },
    shellMessages: { ...record(record(str)), description: 'The `shellMessages` of each custom operation that has them, by operation and message name: texts no answer carries.' },
    functions: { ...record(str), description: 'The function catalogue of spec/platform/functions.yaml (code -> label), for the role editor.' },
    actions: { ...record(str), description: 'The action catalogue of spec/platform/functions.yaml (code -> label).' },
    functionActions: { ...record(strings), description: 'The actions of each function that the spec checks somewhere: the role editor offers only these.' },
    menu: { type: 'array', items: ref('MenuGroup') },
    routes: { type: 'array', items: ref('RouteDef') },
    indicators: { type: 'array', items: ref('IndicatorDef'), description: 'Header counters (operations with `indicator:`), polled only for holders of `permission`.' },
    entities: record(ref('EntityMeta')),
    reports: { ...record(ref('ReportMeta')), description: 'Reports by name (docs/spec-language.md#reports): what the report page asks and shows.' },
    dashboards: { ...record(ref('DashboardMeta')), description: 'Dashboards by name (docs/spec-language.md#dashboards): the figures and column charts of one report over the last days.' },
    exports: shape('ExportSettings', { maxWaitKey: str, stepKey: str, firstCheckMs: int, failedMessage: str }, ['maxWaitKey', 'stepKey', 'firstCheckMs', 'failedMessage'],
      'Asynchronous exports: configuration keys of the maximum wait and of the poll step (seconds), the first check, the failure text.'),
  },
  $defs: {
    FieldType: { title: 'FieldType', enum: ['string', 'integer', 'decimal', 'boolean', 'date', 'datetime', 'enum', 'reference', 'file'] },
    Operation: { title: 'Operation', enum: OPERATIONS },
    EnumOption: shape('EnumOption', { value: str, label: str, color: { ...str, description: "The spec's `colors:` for the code (a Mantine colour): the value shows as a coloured label." } }, ['value', 'label']),
    DashboardValue: shape('DashboardValue', {
      value: str, label: str,
      function: { ...str, description: "The report's valueFunctions for the value: no column or row of it when the answer lists it in `withheld`." },
    }, ['value', 'label']),
    EnumGroups: { title: 'EnumGroups', description: "An enum's named subsets of codes (spec `groups:`), e.g. the suspended statuses of a ticket.", ...record(strings) },
    QueryEnum: shape('QueryEnum', { label: str, options: { type: 'array', items: ref('EnumOption') }, groups: ref('EnumGroups') }, ['label', 'options']),
    ColumnDef: shape('ColumnDef', {
      field: str, label: str, type: ref('FieldType'), options: { type: 'array', items: ref('EnumOption') }, groups: ref('EnumGroups'), ...columnExtras,
      badges: {
        type: 'array', description: 'Shown as [label] after the value on the rows whose `when` (JSON Logic over the row) holds (spec list.badges).',
        items: shape('ColumnBadge', { label: str, when: { tsType: 'unknown', description: 'JSON Logic over the row.' } }, ['label', 'when']),
      },
    }, ['field', 'label', 'type']),
    FilterDef: shape('FilterDef', {
      field: str, label: str, type: ref('FieldType'), options: { type: 'array', items: ref('EnumOption') }, groups: ref('EnumGroups'), ...columnExtras,
      param: { ...str, description: 'Query parameter (the bank name filter is `name`; a range end is `<param>Da` or `<param>A`).' },
      search: { enum: ['exact', 'wildcard', 'range'] },
    }, ['field', 'label', 'type', 'param', 'search']),
    RelatedListDef: shape('RelatedListDef', {
      name: { ...str, description: 'The last segment of its path: <item path>/<name>.' },
      entity: str, label: str, pageSize: int,
      link: { ...record(str), description: 'Field of the listed entity -> field of the record: what a new row is created with.' },
      columns: { type: 'array', items: ref('ColumnDef') },
      tabs: ref('RelatedTabsDef'),
    }, ['name', 'entity', 'label', 'pageSize', 'link', 'columns']),
    RelatedTabsDef: shape('RelatedTabsDef', {
      label: { ...str, description: "A tab's title: the row's fields as {field}." },
      params: { ...record(str), description: "Route parameter -> field of the open row; a parameter the page's route lacks goes to the query string." },
      pageParam: { ...str, description: 'The parameter holding the page of tabs.' },
    }, ['label', 'params', 'pageParam'], 'The related list shown as paged tabs, each the row\'s record (docs/spec-language.md#related-lists-as-tabs); absent: a table.'),
    SortSpec: shape('SortSpec', { field: str, direction: { enum: ['asc', 'desc'] } }, ['field', 'direction']),
    DeleteConfirmation: shape('DeleteConfirmation', { title: str, message: str }, ['message'], "The spec's question before a delete (absent: the generic one)."),
    BulkAction: shape('BulkAction', {
      name: { ...str, description: 'The transition: `POST <path>/azioni/<name>` with `{ keys, input? }`.' },
      label: str,
      confirm: { ...str, description: "The spec's question before the transition (absent: none)." },
      mode: { enum: ['each', 'all'], description: '`each`: every row on its own; `all`: all the rows or none.' },
      hasInput: { type: 'boolean', description: "The transition asks an input (the form definition's `states.transitions[].input`), once for all rows." },
      permission: str,
    }, ['name', 'label', 'mode', 'hasInput', 'permission'], 'A transition the list offers on its selected rows (docs/spec-language.md#bulk-transitions).'),
    RequireOneFilter: shape('RequireOneFilter', { params: strings, message: str }, ['params', 'message'], 'The list answers once one of these query parameters has a value; otherwise the message (absent: any list is fine).'),
    SearchPeriod: shape('SearchPeriod', {
      from: { ...str, description: "The query parameter of the period's start (`<param>Da`)." },
      to: { ...str, description: "The query parameter of the period's end (`<param>A`)." },
      maxMonths: int,
      defaultMonths: { ...int, description: 'The list page opens on the last defaultMonths months when the address names no period.' },
      latestEnd: { enum: ['startOfPreviousMonth', 'endOfDownloadMonth'], description: 'The latest end a search may have, from today (absent: any).' },
      earliestStart: { ...str, description: 'The earliest start a search may have, YYYY-MM-DD (absent: any).' },
      messages: shape('SearchPeriodMessages', { required: str, order: str, tooLong: str, tooLate: str, tooEarly: str }, ['required', 'order', 'tooLong']),
    }, ['from', 'to', 'maxMonths', 'defaultMonths', 'messages'], 'The list is searched over a period of at most maxMonths months (docs/spec-language.md#a-list-searched-by-period); the API refuses any other with these messages.'),
    EntityMeta: shape('EntityMeta', {
      label: str, labelPlural: str, path: str, key: strings, pageSize: int, maxPageSize: int, compact: strings,
      display: { ...strings, description: 'The fields that name a row where others refer to it (docs/spec-language.md#references).' },
      referenceData: { type: 'boolean', description: "Public reference data: every signed-in user searches it by name in a reference's select, without the list permission (absent: only who may list it)." },
      listRoute: str, formRoute: str, title: str,
      columns: { type: 'array', items: ref('ColumnDef') },
      filters: { type: 'array', items: ref('FilterDef') },
      defaultSort: ref('SortSpec'),
      operations: { type: 'array', items: ref('Operation') },
      permissions: shape('EntityPermissions', Object.fromEntries([...OPERATIONS, 'childList', 'childReplace'].map((o) => [o, str])), []),
      permissionsAnyOf: shape('EntityPermissionsAnyOf', Object.fromEntries(['create', 'update', 'delete', 'childReplace'].map((o) => [o, strings])), [],
        'Operations any of several permissions allows, each with the whole list, its `permissions` entry first (docs/spec-language.md#any-of-permissions; absent: each needs its one).'),
      exportFormats: { type: 'array', items: { enum: ['csv', 'xlsx'] }, description: 'The list can be exported in these formats (absent: no "Esporta" menu).' },
      deleteConfirmation: ref('DeleteConfirmation'),
      deletedMessage: { ...str, description: "The spec's banner after a delete (absent: the generic one)." },
      relatedLists: { type: 'array', items: ref('RelatedListDef'), description: "Paged lists of other entities' rows shown on the record (docs/spec-language.md#related-lists)." },
      requireOneFilter: ref('RequireOneFilter'),
      formOperations: {
        type: 'array', description: "Buttons of a saved row running a custom operation (spec form.operations): its method, path with the key's {params}, permission, the question asked first, and its inputs' prefill.",
        items: shape('FormOperation', {
          operation: str, label: str, method: str, path: str, permission: str, confirm: str,
          input: { type: 'boolean', const: true, description: "The operation has a body: its inputs (forms/<Entity>.json operationInputs) are asked in a modal first." },
          prefillPath: { ...str, description: "A GET with the same {params} whose answer's fields start the inputs." },
          file: { type: 'boolean', const: true, description: 'The operation answers a file: the button downloads and saves it.' },
        }, ['operation', 'label', 'method', 'path', 'permission']),
      },
      listOperations: {
        type: 'array', description: "Buttons of the list running a custom operation (spec list.operations): with the selected rows' keys in the body field `selection`, or with the list's filter values as query parameters (`filters`: the query parameter and the list's filter parameter holding its value); `file`: the answer is a file to save.",
        items: shape('ListOperation', {
          label: str, method: { enum: ['get', 'post', 'put', 'delete'] }, path: str, permission: str, confirm: str, selection: str,
          filters: { type: 'array', items: shape('ListOperationFilter', { query: str, param: str }, ['query', 'param']) },
          file: { type: 'boolean', const: true },
        }, ['label', 'method', 'path', 'permission']),
      },
      createRefusal: { ...str, description: "The form's modal for a caller without the create permission, before it goes to the shell's home (spec form.createRefusal)." },
      rowPermissions: {
        type: 'array', description: "Rows whose `field` holds one of `codes` are governed by the function `permission` in place of `replaces` (spec `rowPermissions`).",
        items: shape('RowPermission', { field: str, group: str, codes: strings, permission: str, replaces: str }, ['field', 'group', 'codes', 'permission', 'replaces']),
      },
      period: ref('SearchPeriod'),
      pageWindow: { ...int, description: 'Page numbers the pager shows at once (spec api.pageWindow; absent: the table\'s own pager).' },
      countLimit: { ...int, description: 'The list counts matching rows up to this many (spec api.countLimit): an answer with totalCountCapped has more.' },
      selectSingle: { ...strings, description: 'Reference filters (field names) chosen when the caller sees exactly one row of their entity (spec list.selectSingle).' },
      emptyMessage: { ...str, description: "What the list page says when a search finds no row (spec list.emptyMessage), instead of 'Nessun risultato'." },
      collapseFilters: { type: 'boolean', const: true, description: 'On a phone the filters fold behind a button once a search has run (spec list.collapseFilters).' },
      summary: shape('ListSummaryDef', {
        report: { ...str, description: 'The report (manifest `reports`) whose totals the list shows for its filters.' },
        route: { ...str, description: "The report's page, opened with the same filters (the aggregate view)." },
      }, ['report', 'route'], 'A report over the same rows (spec list.summary, docs/spec-language.md#list-summaries).'),
      scope: { ...record(str), description: "The entity's data-scope dimensions and the field holding each (`bank: codAbi`): a form and a filter prefill and lock the field of a dimension the caller is fixed to (users/me `fixedBank`, ...; absent: rows shared by all)." },
      bulkActions: { type: 'array', items: ref('BulkAction'), description: 'Transitions with `bulk:`: the list selects rows and offers those every selected row allows (absent: no selection).' },
    }, ['label', 'labelPlural', 'path', 'key', 'pageSize', 'maxPageSize', 'display', 'columns', 'filters', 'defaultSort', 'operations', 'permissions']),
    ReportMeta: shape('ReportMeta', {
      label: str,
      path: { ...str, description: 'GET <apiBase>/report/<path>.' },
      filters: { type: 'array', items: ref('FilterDef'), description: "The report's filters, with the entity list's query parameters (the period's ends apart)." },
      period: ref('SearchPeriod'),
      measures: { type: 'array', items: shape('ReportMeasureDef', { name: str, label: str, format: { enum: ['euro', 'integer', 'decimal'] } }, ['name', 'label', 'format']) },
      dimensions: { type: 'array', items: shape('ReportDimensionDef', { name: str, label: str }, ['name', 'label']) },
      defaultDimension: str,
      charts: {
        type: 'array',
        items: shape('ReportChartDef', { type: { enum: ['pie', 'bar'] }, dimension: str, measure: str, title: str, limit: int }, ['type', 'dimension', 'measure', 'title', 'limit']),
      },
      scope: { ...record(str), description: "The entity's data-scope dimensions and their fields: a filter of a dimension the caller is fixed to is locked." },
      exportFormats: { type: 'array', items: { enum: ['xlsx'] }, description: 'Spec `export`: the formats of GET <apiBase>/report/<path>/esportazione (absent: no export).' },
      paging: shape('ReportPagingDef', {
        pageSize: { ...int, description: 'Groups per page.' },
        window: { ...int, description: 'Page numbers the pager shows at most.' },
      }, ['pageSize', 'window'], 'Spec `paging`: the table asks its groups a page at a time (`pagina`, in the address) and shows a pager (docs/spec-language.md#paged-groupings).'),
      detail: shape('ReportDetailDef', {
        route: { ...str, description: 'The list opened by a group\'s row.' },
        label: { ...str, description: 'The list\'s plural name: a row\'s link reads "<label> di <group>".' },
        params: { ...record({ type: 'object', additionalProperties: { type: 'string' } }), description: 'Per dimension: { param } the list parameter taking the key, or { from, to } the list\'s dates set to the day.' },
      }, ['route', 'label', 'params'], 'Spec `detail`: each row links to the rows behind it (docs/spec-language.md#rows-behind-a-group).'),
      compare: shape('ReportCompareDef', {
        kinds: { type: 'array', items: { enum: ['anno', 'trimestre', 'mese'] }, description: 'The kinds of period offered, the first the default.' },
        settleDays: { ...int, description: 'A month is comparable once this many days of the next month have passed.' },
        messages: shape('ReportCompareMessages', { required: str, tooRecent: str }, ['required', 'tooRecent']),
      }, ['kinds', 'settleDays', 'messages'], 'Spec `compare`: the page asks for two periods and shows them side by side (docs/spec-language.md#period-comparison).'),
      peers: shape('ReportPeersDef', {
        maxMonths: { ...int, description: 'The longest month range.' },
        dimensions: { ...strings, description: 'The dimensions shown side by side, a chart each.' },
        minimum: { ...int, description: 'The fewest peers an average covers.' },
        params: {
          type: 'array',
          items: shape('ReportPeersParam', { param: str, label: str, required: { type: 'boolean' } }, ['param', 'label', 'required']),
          description: 'The trait (required) and the narrowings, their options in the answer.',
        },
        messages: shape('ReportPeersMessages', { tooFew: str, notOwn: str, noUnit: str, required: str, order: str, tooLong: str }, ['tooFew', 'notOwn', 'noUnit', 'required', 'order', 'tooLong']),
      }, ['maxMonths', 'dimensions', 'minimum', 'params', 'messages'], 'Spec `peers`: the page shows the caller\'s figures next to its peers\' average (docs/spec-language.md#peer-comparison).'),
    }, ['label', 'path', 'filters', 'measures', 'dimensions', 'defaultDimension', 'charts']),
    DashboardMeta: shape('DashboardMeta', {
      label: str,
      report: { ...str, description: 'The report (manifest `reports`) whose GET answers every figure and chart.' },
      lastDays: { ...int, description: 'The period: the last N days up to today, today included (absent: `day`).' },
      day: { type: 'boolean', const: true, description: 'One day the user picks, default yesterday, in the address as `giorno`.' },
      selector: { ...str, description: "A report filter's field offered as a select (its FilterDef is the report's)." },
      figures: { ...strings, description: "The report's measures shown as the period's totals." },
      charts: {
        type: 'array',
        items: shape('DashboardChartDef', {
          dimension: str, measure: str, title: str,
          values: { type: 'array', items: ref('DashboardValue'), description: "An enum dimension's every value: each gets its column, 0 without rows." },
          span: { const: 'month', description: "With `day`: the chosen day's month." },
        }, ['dimension', 'measure', 'title']),
      },
      tables: {
        type: 'array',
        items: shape('DashboardTableDef', {
          dimension: str, measures: strings, title: str,
          values: { type: 'array', items: ref('DashboardValue'), description: 'Every value (or combination of several enums): each gets its row, 0 without rows.' },
        }, ['dimension', 'measures', 'title']),
      },
    }, ['label', 'report', 'figures', 'charts', 'tables']),
    RouteDef: {
      title: 'RouteDef',
      oneOf: [
        shape('ListRoute', { ...routeBase, kind: { const: 'list' }, entity: str }, ['path', 'kind', 'entity', 'shell']),
        shape('FormRoute', {
          ...routeBase, kind: { const: 'form' }, entity: str,
          readOnly: { type: 'boolean', description: 'A read-only form view: the record is read whatever the grants (docs/spec-language.md#form-views).' },
        }, ['path', 'kind', 'entity', 'shell']),
        shape('ExtensionRoute', { ...routeBase, kind: { const: 'extension' }, component: str }, ['path', 'kind', 'component', 'title', 'public', 'shell']),
        shape('ReportRoute', { ...routeBase, kind: { const: 'report' }, report: str }, ['path', 'kind', 'report', 'shell']),
        shape('DashboardRoute', { ...routeBase, kind: { const: 'dashboard' }, dashboard: str }, ['path', 'kind', 'dashboard', 'shell']),
      ],
    },
    UserKind: { title: 'UserKind', enum: USER_KINDS },
    ShellDef: shape('ShellDef', {
      name: str,
      prefix: { ...str, description: 'Every route of the shell starts with it.' },
      alsoUnder: { ...strings, description: 'Further prefixes the shell owns: a path under one of them is the shell\'s (its login, its frame).' },
      title: { ...str, description: "The product name in the shell's header and login page." },
      loginRealm: { ...str, description: 'The realm its visitors log in with: /login/<loginRealm>, userType <loginRealm>.' },
      loginTitle: { ...str, description: "The login page's subtitle." },
      loginRegister: shape('LoginRegister', { route: str, label: str }, ['route', 'label'], 'A link of the login page to the public page where a visitor registers.'),
      layout: { title: 'ShellLayout', enum: SHELL_LAYOUTS },
      menu: { title: 'MenuSource', enum: ['spec', 'none'], description: "spec: the menu entries of the shell's routes; none: no menu." },
      home: { ...str, description: "The shell's home: the work queue, or a jump to the user's landing." },
      publicHome: { type: 'boolean', description: 'The home opens without a login.' },
      users: { type: 'array', items: ref('UserKind'), description: 'The kinds of user the shell is for.' },
      landing: { type: 'object', propertyNames: { enum: USER_KINDS }, additionalProperties: strings, description: 'Where the home sends each kind of user: the first route the user may open, the last as fallback.' },
    }, ['name', 'prefix', 'alsoUnder', 'title', 'loginRealm', 'loginTitle', 'layout', 'menu', 'home', 'publicHome', 'users', 'landing']),
    MenuItem: shape('MenuItem', { label: str, route: str, permission: str, icon: MENU_ICON }, ['label', 'route']),
    MenuGroup: shape('MenuGroup', { label: str, icon: MENU_ICON, items: { type: 'array', items: ref('MenuItem') } }, ['label', 'items']),
    IndicatorDef: shape('IndicatorDef', { name: str, path: str, permission: str, label: str, refreshKey: str, route: str }, ['name', 'path', 'label', 'refreshKey']),
  },
} satisfies JSONSchema;

export const manifestTypeEmitter: Emitter = {
  name: 'manifest-type',
  emit: async (_model, ctx) => {
    const header = ctx.render('types-header', { source: 'generator/emitters/manifest-type.ts', description: 'The type of generated/manifest.json, read by the UI and built by the manifest emitter.' });
    const body = await compile(manifestSchema, 'Manifest', {
      bannerComment: '', additionalProperties: false, format: false, strictIndexSignatures: false, unreachableDefinitions: true,
    });
    return [{ path: 'types/manifest.ts', content: `${header}\n${body.trimEnd()}\n` }];
  },
};
