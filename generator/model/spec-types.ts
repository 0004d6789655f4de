/** The raw shapes of spec files after schema validation (see generator/schema/*.schema.json). */
import type { EntityRole } from '../../common/bindings.js';
import type { FieldPart, MailTemplates, Operation } from '../../common/model.js';
import type { NamedFormat } from '../../common/named-formats.js';
import type { JsonLogic } from '../../common/rules.js';
import type { DataScopeBindings, ScopeDimension } from '../../common/data-scope.js';
export interface RawField {
  type: 'string' | 'integer' | 'decimal' | 'boolean' | 'date' | 'datetime' | 'enum' | 'reference' | 'file';
  file?: { maxSize: number; accept: string[]; namePattern?: string; success?: string };
  label?: string; description?: string; required?: boolean; default?: unknown;
  length?: number; minLength?: number; maxLength?: number; pattern?: string; format?: NamedFormat;
  requiredWhen?: JsonLogic; readOnlyWhen?: JsonLogic; hiddenWhen?: JsonLogic; clearWhen?: JsonLogic; enabledBy?: string;
  minimum?: number; maximum?: number; precision?: number; scale?: number;
  values?: Record<string, string>; colors?: Record<string, string>; groups?: Record<string, string[]>; entity?: string; search?: 'exact' | 'wildcard' | 'range'; filterParam?: string; valuesFrom?: 'functions' | 'actions';
  readOnly?: boolean; unique?: boolean; index?: boolean; editPermission?: string; secret?: boolean; generate?: 'uuid';
  writableBy?: 'assistance'; reservedValues?: { values: string[]; message: string }; writableWhen?: { when: JsonLogic; message: string };
  lookup?: { entity: string; value?: string; filterBy?: Record<string, string>; fill?: Record<string, string> };
  withinScope?: boolean;
  /** The field's own messages, by rule: any it leaves out falls back to messages.yaml. */
  messages?: Partial<Record<string, string>>;
  ui?: { widget?: string; help?: string; placeholder?: string; hidden?: boolean; parts?: FieldPart[]; partsPrefixes?: string[] };
  renamedFrom?: string;
}

export type RawScope = Partial<Record<ScopeDimension, string | { through: string }>>;

export interface RawEntity {
  entity: string; label?: string; labelPlural?: string; description?: string; table: string;
  key: string | string[]; permission?: string;
  relatedLists?: Record<string, { entity: string; label?: string; link: Record<string, string>; columns?: string[]; pageSize?: number; widget?: 'table' | 'tabs'; tabLabel?: string; tabParams?: Record<string, string>; pageParam?: string }>;
  confirmFields?: Record<string, { confirms: string; label: string; message: string }>;
  rowPermissions?: { field: string; group: string; permission: string }[];
  existsFilters?: Record<string, { entity: string; link: Record<string, string>; field: string; label?: string }>;
  groupFilters?: Record<string, { field: string; group: string; label: string }>;
  /** A dimension's own field, or `{ through: <reference field> }` when the referenced row carries it. */
  scope?: RawScope;
  readAbove?: boolean;
  audit?: boolean;
  /** Public reference data: any signed-in user searches and reads its display fields (docs/spec-language.md#references). */
  referenceData?: boolean;
  viewOf?: string;
  viewRows?: RawViewRows | RawViewRows[];
  display?: string[];
  api?: { path: string; pageSize?: number; maxPageSize?: number; compact?: string[]; operations?: Operation[]; permissions?: Record<string, string | string[]>; export?: boolean | { formats?: ('csv' | 'xlsx')[]; columns?: string[]; emptyMessage?: string }; requireOneFilter?: { filters?: string[]; message: string };
    pageWindow?: number; countLimit?: number; paging?: 'offset' | 'keyset'; period?: { field: string; maxMonths: number; defaultMonths?: number; latestEnd?: 'startOfPreviousMonth' | 'endOfDownloadMonth'; earliestStart?: string; messages: { required: string; order: string; tooLong: string; tooLate?: string; tooEarly?: string } } };
  fields: Record<string, RawField>;
  children?: Record<string, { entity: string; kind: 'one' | 'many'; link: Record<string, string>; label?: string; required?: boolean; fixed?: Record<string, unknown>;
    widget?: 'transferList' | 'tabs' | 'checkboxes'; itemLabel?: string; dropEmpty?: string[];
    choices?: { field: string; values: Record<string, string>; labels?: Record<string, string>; onCreate?: string[]; message: string; functions?: Record<string, string> }; minItems?: number; maxItems?: number; messages?: Partial<Record<'minItems' | 'maxItems', string>>;
  }>;
  rules?: { description?: string; when?: Record<string, unknown>; whenLogic?: unknown; set: Record<string, unknown> }[];
  confirmations?: { field: string; from?: unknown; to?: unknown; title?: string; message: string }[];
  success?: { create?: string; update?: string; delete?: string };
  deleteConfirmation?: { title?: string; message: string };
  checks?: { field: string; valid: unknown; message: string; description?: string }[];
  indexes?: { fields: string[]; unique?: boolean; kind?: 'trigram'; where?: Record<string, string | number | boolean>; message?: string; field?: string }[];
  list?: { emptyMessage?: string; collapseFilters?: boolean; selectSingle?: string[]; operations?: RawListOperation[]; summary?: string; badges?: { column: string; items: { label: string; when: JsonLogic }[] }; route: string; title?: string; columns?: string[]; filters?: string[]; sort?: string; permission?: string };
  form?: { route: string; title?: string; fields?: string[]; layout?: RawFormLayout; permission?: string; views?: RawFormView[]; createRefusal?: string;
    banners?: { invalid?: string; saveFailed?: string };
    operations?: { operation: string; label: string; confirm?: string; prefill?: string }[] };
  menu?: { group: string; label?: string; order?: number; icon?: string };
  renamedFrom?: string;
  migrate?: { dropFields?: string[]; narrow?: string[]; backfill?: Record<string, unknown> };
  related?: Record<string, { entity: string; link: Record<string, string>; values?: string }>;
  editable?: { when: unknown; message: string; hide?: Record<string, unknown> };
  creatable?: { when: unknown; message: string };
  /** One machine (`field:` at its top) or a map of named machines; on a view, `inherit`: its entity's machines. */
  states?: RawStates | Record<string, RawStates> | 'inherit';
}

export type RawEffect = {
  set?: Record<string, unknown>;
  adjust?: { entity: string; link: Record<string, string>; field: string; by: unknown; message: string; missing: string };
  insert?: { entity: string; values: Record<string, unknown> };
  outbox?: { target: string; payload: Record<string, unknown> };
};
export interface RawStates {
  field: string;
  initial?: (string | { state: string; via?: string })[];
  enter?: Record<string, { effects?: RawEffect[]; success?: string }>;
  transitions: Record<string, {
    label?: string; from: string[]; to: string; permission: string; guard?: unknown; confirm?: string; success: string; failure?: string; bulk?: 'each' | 'all';
    input?: Record<string, RawField>; effects?: RawEffect[];
    prefill?: Record<string, unknown>; lock?: Record<string, { when: unknown; message: string }>;
    checks?: { field?: string; valid: unknown; message: string }[]; reauthenticate?: true; keepState?: boolean;
  }>;
}

/** A function's label, or its label and the merchant flag it requires (docs/spec-language.md#functions-that-depend-on-the-merchant). */
export type RawFunction = string | { label: string; requiresMerchantFlag: string };
export interface RawFunctions { functions: Record<string, RawFunction>; actions: Record<string, string> }
export interface RawMessages { messages: { validation: Record<string, string>; formats: Record<NamedFormat, Record<string, string>>; errors: Record<string, string>; mails: MailTemplates } }
export interface RawDemo { demo: string; order?: number; rows: Record<string, unknown>[] }
export interface RawFormView { route: string; title?: string; permission: string; readOnly?: boolean }
export interface RawShell {
  prefix: string; alsoUnder?: string[]; title: string; login: { realm: 'bank' | 'merchant'; title: string; register?: { route: string; label: string } }; layout: 'sidebar' | 'topbar'; menu: 'spec' | 'none';
  home: string; publicHome?: boolean; users: ('bank' | 'assistance' | 'merchant')[];
  landing?: Partial<Record<'bank' | 'assistance' | 'merchant', string | string[]>>;
  entities?: 'all' | string[]; pages?: 'all' | string[];
}
export interface RawPages {
  shells?: Record<string, RawShell>;
  emailWarningGroups?: string[];
  menuGroups?: Record<string, { icon: string }>;
  pageWindow?: number;
  pages: { route: string; component: string; title?: string; permission?: string; public?: boolean; menu?: { group: string; label?: string; order?: number; icon?: string } }[];
}

export interface RawOperation {
  method: 'get' | 'post' | 'put' | 'delete'; path: string; summary: string;
  permission?: string; public?: boolean; authenticated?: boolean; handler?: string; session?: 'open' | 'close';
  params?: Record<string, RawField>; query?: Record<string, RawField>; body?: Record<string, RawField>;
  response?: { status?: 200 | 201 | 204; fields?: Record<string, RawField>; entity?: string; shape?: 'one' | 'list' | 'page'; list?: 'string'; file?: 'text' | 'binary'; entities?: string[] };
  indicator?: { label: string; entity: string; field: string; group: string; refreshKey: string; route?: string };
  successMessage?: string;
  throttled?: boolean;
  messages?: Record<string, string>;
  shellMessages?: Record<string, string>;
}
export interface RawOperations { operations: Record<string, RawOperation> }
export interface RawDropEntities { dropEntities: string[] }
export interface RawConfigKey {
  type: 'string' | 'integer' | 'boolean' | 'date' | 'list'; label: string; description?: string;
  /** Any JSON value: the schema leaves it open, and build-config checks it against `type`. */
  default?: unknown; pattern?: string; minimum?: number; maximum?: number; maxLength?: number;
}
export interface RawConfig { config: Record<string, RawConfigKey> }
export interface RawBindings {
  bindings: {
    entities: Record<EntityRole, { entity: string; fields?: Partial<Record<string, string>> }>;
    loginRealms: { bank: string; merchant: string };
    merchantEntity?: string;
    dataScope: DataScopeBindings;
  };
}

/** The raw shape of each kind of spec file, by the top-level key that names the kind. */
export interface RawSpecs {
  entity: RawEntity; functions: RawFunctions; messages: RawMessages; demo: RawDemo; pages: RawPages;
  operations: RawOperations; dropEntities: RawDropEntities; config: RawConfig; bindings: RawBindings; report: RawReport;
  dashboard: RawDashboard;
}

/** A dashboard file (generator/schema/dashboard.schema.json, docs/spec-language.md#dashboards). */
export interface RawDashboard {
  dashboard: string; label?: string; report: string; route: string; lastDays?: number; day?: true; selector?: string; figures: string[];
  menu?: { group: string; label?: string; order?: number; icon?: string };
  charts?: { type?: 'column'; dimension: string; measure: string; title?: string; span?: 'month' }[];
  tables?: { dimension: string; measures: string[]; title?: string }[];
}

/** A report file (generator/schema/report.schema.json, docs/spec-language.md#reports). */
export interface RawReport {
  report: string; label?: string; entity: string; permission?: string; path: string; route?: string;
  menu?: { group: string; label?: string; order?: number; icon?: string };
  filters?: (string | { field: string; param: string; label?: string } | { dimension: string; param: string; label?: string })[];
  period?: { field: string; maxMonths: number; defaultMonths?: number; messages: { required: string; order: string; tooLong: string } };
  exclude?: Record<string, string[]>;
  measures: Record<string, { label: string; sum?: string; average?: string; count?: true; format?: 'euro' | 'integer' | 'decimal'; where?: Record<string, string[]>; unless?: Record<string, string[]>; negative?: Record<string, string[]> }>;
  dimensions: Record<string, { field?: string; fields?: string[]; label?: string; by?: 'value' | 'day' | 'month' | 'year' | 'weekday'; sort?: string; slots?: { from: string; to: string; label: string }[]; valueFunctions?: Record<string, string> }>;
  defaultDimension?: string; sort?: string; limit?: number; paging?: { pageSize: number; window?: number }; detail?: string;
  export?: { formats: 'xlsx'[]; emptyMessage?: string; maxMonths?: number; tooLongMessage?: string };
  charts?: { type: 'pie' | 'bar'; dimension: string; measure: string; title?: string; limit?: number }[];
  rollups?: Record<string, { grain: 'day' | 'month'; fields?: string[]; slots?: string[] }>;
  compare?: { dimension: string; kinds?: ('anno' | 'trimestre' | 'mese')[]; settleDays?: number; messages: { required: string; tooRecent: string } };
  peers?: {
    unit: string; through: string; same: { param: string; field: string; label?: string; labelField?: string };
    narrow?: Record<string, { field: string; by?: 'regione'; label?: string }>;
    minimum: number; dimensions: string[];
    messages: { tooFew: string; notOwn: string; noUnit: string; required: string; order: string; tooLong: string };
  };
}

export interface RawFormSection { title?: string; columns?: 1 | 2 | 3; fields: string[]; visibleWhen?: JsonLogic }
export interface RawFormTab { label: string; visibleWhen?: JsonLogic; sections: RawFormSection[] }
/** One of the two: the schema requires exactly one. */
export interface RawFormLayout { tabs?: RawFormTab[]; sections?: RawFormSection[] }

/** A list's button running a custom operation (docs/spec-language.md#list-operations). */
/** One condition of a view's rows (docs/spec-language.md#the-rows-of-a-view); a list of them must all hold. */
export interface RawViewRows { entity: string; link: Record<string, string>; where?: Record<string, string | number | boolean>; withinScope?: boolean }
export interface RawListOperation { operation: string; label: string; confirm?: string; selection?: string; filters?: string[] }
