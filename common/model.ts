/**
 * The normalized model: what the generator resolves spec/ into, and what generated/model.json holds.
 * Every emitter reads only this (never raw YAML), and the server reads it at run time. Plain JSON data,
 * so it can be written to disk and read back without loss.
 */
import type { FieldRule, JsonLogic } from './rules.js';
import type { Bindings } from './bindings.js';
import type { ScopeDimension, ScopeMap, ScopeThrough } from './data-scope.js';
import type { DashboardModel } from './dashboard.js';
import type { ReportModel } from './report.js';
import type { FormatMessageKey, NamedFormat } from './named-formats.js';
import type { FieldConditions } from './field-conditions.js';
import type { SearchPeriodModel } from './search-period.js';

export type FieldType = 'string' | 'integer' | 'decimal' | 'boolean' | 'date' | 'datetime' | 'enum' | 'reference' | 'file';
export type Operation = 'list' | 'get' | 'create' | 'update' | 'delete';
export type ChildOperation = 'childList' | 'childReplace';
/** range: dates and numbers, filtered from and to (both ends included). */
export type SearchMode = 'exact' | 'wildcard' | 'range';

/** Ajv keywords a field message can be attached to, plus `reference` (the referenced row must exist). */
export type MessageKey =
  | 'required' | 'pattern' | 'length' | 'minLength' | 'maxLength' | 'minimum' | 'maximum'
  | 'type' | 'enum' | 'format' | 'reference'
  /** File fields (type: file): too large, forbidden name, type not accepted, bytes not of the declared type. */
  | 'fileSize' | 'fileName' | 'fileType' | 'fileContent'
  /** Fields with `writableBy`: someone else set or changed it (403 on the field). */
  | 'writableBy'
  /** Fields with a named format: the message of a precise reason (`format.cin`); `format` is the general one. */
  | FormatMessageKey
  /** Conditional fields: a new value sent while the field is read-only or hidden. */
  | 'readOnlyWhen' | 'hiddenWhen'
  /** Fields with `enabledBy`: a value sent while the configuration key is off. */
  | 'enabledBy'
  /** Lookup fields: no offered row has the value. */
  | 'lookup'
  | 'withinScope';

/**
 * What a file field (type: file) accepts. The row's column holds only the id of the stored file
 * (server/files/); the bytes are read and written through `<item>/<field>` and `<item>/<field>/check`.
 */
export interface FileRuleModel {
  /** Largest accepted file in bytes, checked while the upload streams. */
  maxSize: number;
  /** Accepted content types; the bytes must really be of the type (magic bytes). */
  accept: string[];
  /** JavaScript regular expression the whole original file name must match. */
  namePattern?: string;
  /** The banner the form shows once an upload is stored. */
  success?: string;
}

/** `color`: the spec's `colors:` for the code (a Mantine colour name); the value shows as a coloured label. */
export interface EnumOption { value: string; label: string; color?: string }

export interface FieldModel {
  name: string;
  column: string;
  type: FieldType;
  label: string;
  required: boolean;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  precision?: number;
  scale?: number;
  options?: EnumOption[];
  /** Named subsets of an enum's codes with a domain meaning (`sospesi: ['6']`); code reads them by name. */
  groups?: Record<string, string[]>;
  /**
   * One of another entity's rows (docs/spec-language.md#lookups): the value is its `value` field, among the
   * rows whose `filterBy` fields (its field -> this row's field) equal this row's; `fill` copies fields of
   * the chosen row into this one (this row's field -> its field).
   */
  lookup?: { entity: string; value: string; filterBy: Record<string, string>; fill: Record<string, string> };
  /**
   * A reference a caller may point only at a row of its own data scope of the target (docs/spec-language.md#references):
   * another row answers 400 with `messages.withinScope`, as if it did not exist.
   */
  withinScope?: true;
  /** For references: the target entity and the type of its key column. */
  reference?: { entity: string; field: string; type: FieldType };
  search?: SearchMode;
  /** Query parameter of the list filter (the field name unless the spec renames it). */
  filterParam: string;
  readOnly: boolean;
  /** A permission that allows changing this field alone, without the entity's update permission. */
  editPermission?: string;
  /**
   * Only these callers set or change the field (tenant structure: a group's parent, a bank's warehouse
   * group). Others get 403 with `messages.writableBy` when a create sends a value other than the default or
   * an update changes the stored one; the same inside children saved with the parent.
   */
  writableBy?: 'assistance';
  /** Values only assistance writes into the field (reserved role names); others get 403 with `message: <value>`. */
  reservedValues?: { values: string[]; message: string };
  /**
   * Who may change the stored value (docs/spec-language.md#field-access): JSON Logic over the stored row, the caller
   * and the related rows, as `editable`; an update that changes the field while it is false is 403 with `message`,
   * and GET names the field in `_readOnly` so the form locks it (seed 001 §6: the company name).
   */
  writableWhen?: { when: JsonLogic; message: string };
  unique: boolean;
  index: boolean;
  /** Every message this field can produce, fully resolved (field override, else platform default). */
  messages: Record<MessageKey, string>;
  ui: { widget?: string; help?: string; placeholder?: string; hidden?: boolean; copy?: { label?: string; success: string; missing: string }; parts?: FieldPart[]; partsPrefixes?: string[] };
  /** The field's previous name: the next migration renames its column and keeps the values. */
  renamedFrom?: string;
  /** Never copied into the audit trail (password hashes, token hashes). */
  secret?: true;
  /** The server fills it on create when the body leaves it out (a random UUID). */
  generate?: 'uuid';
  /** Type file only: size, types and name the upload must have. */
  file?: FileRuleModel;
  /** A named format (common/named-formats.ts), checked by the API's and the form's Ajv alike. */
  format?: NamedFormat;
  /** When the field is required, read-only or hidden (common/field-conditions.ts); clearWhen is a rule. */
  when?: FieldConditions;
  /** A boolean configuration key: while it is off the form hides the field and the API refuses a value for it. */
  enabledBy?: string;
}

export interface ChildModel {
  name: string;
  entity: string;
  kind: 'one' | 'many';
  label: string;
  /** childField -> parentField */
  link: Record<string, string>;
  /** childField -> constant written on save, or `{ expr }` computed from the parent (common/child-fixed.ts) */
  fixed: Record<string, unknown>;
  required: boolean;
  /**
   * How the form shows a `many` child (docs/spec-language.md#children): `transferList` moves rows between
   * "chosen" and "available" lists; `tabs` shows one tab per item, titled by `itemLabel`. Absent: rows.
   */
  widget?: 'transferList' | 'tabs' | 'checkboxes';
  /** `widget: tabs`: each tab's title, `{n}` the item's number from 1 ("Titolare {n}"). */
  itemLabel?: string;
  /** `many`: the child's fields whose being all empty makes an item an empty slot, dropped before the list is checked. */
  dropEmpty?: string[];
  /** `many`: how few and how many items a saved list may hold; the API and the form refuse others with `messages`. */
  minItems?: number;
  maxItems?: number;
  /** The Italian refusals of a list too short or too long (the child's own, or messages.yaml's with the number). */
  messages?: Partial<Record<'minItems' | 'maxItems', string>>;
  /** A `many` child whose items are chosen among listed values of one field (docs/spec-language.md#child-choices). */
  choices?: ChildChoicesModel;
}

/**
 * The values a caller may choose for one field of a child list's items, shown as checkboxes: an item with
 * another value is refused with `message`; stored items with another value are kept as they are (the caller
 * neither sees them as choices nor removes them), shown with `labels` when they have one; `onCreate` items are
 * added to every new parent.
 */
export interface ChildChoicesModel {
  field: string;
  values: { value: string; label: string }[];
  labels: Record<string, string>;
  onCreate: string[];
  message: string;
  /** Values tied to a function: offered to, and given by, only a caller holding some grant of it. */
  functions?: Record<string, string>;
}

export interface ConfirmationModel { field: string; from?: unknown; to?: unknown; title?: string; message: string }

/**
 * An index of the entity's table. `where` makes a unique index partial (docs/spec-language.md#partial-unique-rules):
 * unique among the rows whose fields have these values only (one active discount per store and service); the
 * database is the guarantee, and a save that would break it is refused with `message` on `field` (409).
 */
export interface IndexModel {
  name: string;
  fields: string[];
  unique: boolean;
  kind?: 'trigram';
  where?: Record<string, string | number | boolean>;
  message?: string;
  field?: string;
}

/** `valid` is JSON Logic over the row as it will be stored (a promotion ends on or after it starts). */
export interface RowCheckModel { field: string; valid: unknown; message: string }

/** Rows of `entity` whose `link` fields (its field -> this entity's field) equal this row's, paged. */
export interface RelatedListModel {
  name: string;
  entity: string;
  label: string;
  link: Record<string, string>;
  columns: string[];
  pageSize: number;
  /**
   * `widget: tabs`: one tab per row, a page at a time; `label` a {field} template over the row, `params` route
   * parameter -> field of the open row, `pageParam` the parameter of the page (docs/spec-language.md#related-lists-as-tabs).
   */
  tabs?: { label: string; params: Record<string, string>; pageParam: string };
}

/** `api.requireOneFilter` resolved: the query parameters (a range filter's two ends) of the filters it names. */
export interface RequireOneFilterModel { params: string[]; message: string }

export interface EntityModel {
  name: string;
  label: string;
  labelPlural: string;
  table: string;
  key: string[];
  fields: FieldModel[];
  children: ChildModel[];
  rules: FieldRule[];
  /** Paged lists of other entities' rows linked to this one (docs/spec-language.md#related-lists). */
  relatedLists: RelatedListModel[];
  /** The row's data-scope dimensions and the fields holding them (common/data-scope.ts); empty when rows are shared. */
  scope: ScopeMap;
  /** Dimensions taken through a reference to an entity that carries them (docs/spec-language.md#a-dimension-through-a-reference). */
  scopeThrough?: Partial<Record<ScopeDimension, ScopeThrough>>;
  /**
   * Rows of the groups above a tree-scoped caller's group (scope `group`) are readable, never writable: what a
   * group above defines applies below (the roles a bank inherits from the acquirer's group).
   */
  readAbove?: true;
  /** false: changes are not recorded in the audit trail (absent: they are). */
  audit?: false;
  /**
   * Public reference data (municipalities): every signed-in user searches its rows by name (`?format=compact`,
   * key and display fields only) without the list permission (docs/spec-language.md#references). Never scoped.
   */
  referenceData?: true;
  confirmations: ConfirmationModel[];
  /** Italian banner after a successful create, update or delete (absent: the shell's generic one). */
  success?: Partial<Record<'create' | 'update' | 'delete', string>>;
  /** Asked in a yes/no modal before the form deletes a row (seed 000 §8: irreversible operations). */
  deleteConfirmation?: { title?: string; message: string };
  /** Conditions over the row that must hold to save it; otherwise 400 with `message` on `field`. */
  checks?: RowCheckModel[];
  /**
   * `trigram`: one text field's index for its wildcard (contains) search (docs/spec-language.md#text-search-indexes):
   * on PostgreSQL a pg_trgm GIN index on the folded text, on SQLite the FTS5 table named `name`.
   */
  indexes: IndexModel[];
  /** The fields that name a row where others refer to it (`30480 - BCC di Esempio`); never empty. */
  display: string[];
  api: {
    path: string;
    pageSize: number;
    maxPageSize: number;
    compact: string[];
    operations: Operation[];
    permissions: Record<Operation | ChildOperation, string>;
    /**
     * Operations the spec lets any of several permissions call (`permissions: { update: [A, B] }`), each with the
     * whole list, its `permissions` entry first (docs/spec-language.md#any-of-permissions). Read through `permissionsOf`.
     */
    permissionsAnyOf?: Partial<Record<Operation | ChildOperation, string[]>>;
    /** Asynchronous CSV/XLSX export of the list (absent: not exportable); `columns` never holds a secret field. */
    export?: ExportModel;
    /** The list (and its export) needs a value in one of these query parameters, else 400 with `message`. */
    requireOneFilter?: RequireOneFilterModel;
    /** Page numbers the list's pager shows at once (absent: the table's own pager). */
    pageWindow?: number;
    /**
     * The list counts its matching rows up to this many: past it the answer says `totalCountCapped` and the
     * count stops, so a broad search of a huge table does not read every row it matches (absent: exact counts).
     */
    countLimit?: number;
    /** `keyset`: the list answers cursors to the next and previous page (server/crud/cursor.ts); absent: page numbers only. */
    paging?: 'keyset';
    /** The list is searched over a bounded period of a date range filter (common/search-period.ts). */
    period?: SearchPeriodModel;
  };
  list?: {
    route: string; title: string; columns: string[]; filters: string[]; sort: { field: string; direction: 'asc' | 'desc' }; permission: string;
    /** [label] after a column's value on the rows each holds for (docs/spec-language.md#list-badges). */
    badges?: ListBadgesModel;
    /** On a phone the filters fold once a search has run (seed 002 §3). */
    collapseFilters?: true;
    /** What the page says when a search finds no row (seed 002 §8), instead of 'Nessun risultato'. */
    emptyMessage?: string;
    /** Reference filters chosen when the caller sees exactly one row of their entity (seed 002 §6: a single shop). */
    selectSingle?: string[];
    /** A report over the same rows whose totals the list shows for its filters (docs/spec-language.md#list-summaries). */
    summary?: string;
    /** Buttons running a custom operation on the selected rows or with the list's filters (docs/spec-language.md#list-operations). */
    operations?: ListOperationModel[];
  };
  form?: {
    route: string; title: string; fields: string[]; permission: string; layout?: FormLayoutModel; views?: FormViewModel[]; createRefusal?: string;
    /** The form's own banners when a save does not go through (docs/spec-language.md#form-banners). */
    banners?: { invalid?: string; saveFailed?: string };
    /** Custom operations offered as buttons on a saved row (docs/spec-language.md#form-operations). */
    operations?: { operation: string; label: string; confirm?: string; prefill?: string }[];
  };
  /** `icon`: a Tabler icon's name (tabler.io/icons: building-bank). */
  menu?: { group: string; label: string; order: number; icon?: string };
  /** The entity's previous name: the next migration renames its table and keeps the rows. */
  renamedFrom?: string;
  /** Data-losing schema changes the analyst declared on purpose (see docs/spec-language.md#migrations). */
  migrate?: { dropFields: string[]; narrow: string[]; backfill: Record<string, unknown> };
  /** Rows of other entities that conditions and guards may read by name (`banca.gruppoGestMagazzino`). */
  related?: RelatedModel[];
  /** Form-only fields that repeat a stored one (docs/spec-language.md#confirmation-fields): never stored. */
  confirmFields?: ConfirmFieldModel[];
  /**
   * Rows whose `field` holds one of `codes` (the enum group `group`) are governed by the function `permission`
   * instead of the entity's, with the same actions (docs/spec-language.md#row-permissions).
   */
  rowPermissions?: RowPermissionModel[];
  /** List filters over another entity's rows: the rows that have one with this value (docs/spec-language.md#filters-over-related-rows). */
  existsFilters?: ExistsFilterModel[];
  /**
   * Yes/no list filters by query parameter over an enum group (docs/spec-language.md#filters-over-an-enum-group):
   * `true` the rows whose field holds a code of the group, `false` the others (seed 001 §7 soloCommElettronico).
   */
  groupFilters?: GroupFilterModel[];
  /** Rows are changed only where this holds; elsewhere they are read-only and `hide` rows are not listed. */
  editable?: EditableModel;
  /** A new row is accepted only where this holds (403 with its message); existing rows are not concerned. */
  creatable?: CreatableModel;
  /**
   * The state machines, one per enum field (a request's stato, statoPos, statoFattDir): each transition is an
   * API operation and a form action; transition names are unique across the entity's machines.
   */
  states?: StateMachineModel[];
  /**
   * Another API, list and form over the table of the named entity (docs/spec-language.md#entity-views): the
   * fields are some of that entity's, the key is the same, and no table or migration of its own is made.
   */
  viewOf?: string;
  /**
   * A view's rows: only those linked to a row of `entity` whose fields hold the `where` values (the users of
   * merchant groups, docs/spec-language.md#the-rows-of-a-view), for each condition of the list (all must hold).
   * Rows outside are missing for the view.
   */
  viewRows?: ViewRowsModel[];
  /** The spec file the entity came from, relative to the repo, for messages that point an analyst at it. */
  source: string;
}

/**
 * One condition of a view's `viewRows`: `link` maps the related entity's field to the view's field; `where` the
 * related row's values (empty: any linked row); `withinScope`: only the related rows in the caller's data scope
 * count (docs/spec-language.md#rows-linked-within-the-callers-scope).
 */
export interface ViewRowsModel { entity: string; link: Record<string, string>; where: Record<string, string | number | boolean>; withinScope?: boolean }

export type ExportFormat = 'csv' | 'xlsx';
/** `emptyMessage`: an export finding no row ends in E with it (seed 002 §8), instead of an empty file. */
export interface ExportModel { formats: ExportFormat[]; columns: string[]; emptyMessage?: string }

/**
 * `?<param>=v` keeps the rows that have a row of `entity` linked to them (`link`: its field -> this entity's field)
 * whose `field` is v: a merchant by one of its terminals' id. `label`: the filter's, default the field's.
 */
export interface GroupFilterModel { param: string; field: string; group: string; label: string }
export interface ExistsFilterModel { param: string; entity: string; link: Record<string, string>; field: string; label: string }

/**
 * A form-only field that repeats `confirms` (seed 001 §5: the e-mail typed twice): the form asks for it, a body
 * may carry it, and then it must equal the field, else `message` on it; it is never stored.
 */
export interface ConfirmFieldModel { name: string; confirms: string; label: string; message: string }

/** The confirmation fields a body carries that differ from what they confirm in `row` (the row about to be stored). */
export function unconfirmedFields(confirmFields: readonly ConfirmFieldModel[] | undefined, body: Readonly<Record<string, unknown>>, row: Readonly<Record<string, unknown>>): ConfirmFieldModel[] {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : JSON.stringify(value));
  return (confirmFields ?? []).filter((c) => c.name in body && text(body[c.name]) !== text(row[c.confirms]));
}

/**
 * Rows of an enum group governed by another function (seed 001 §6: virtual merchants, GES_ESER_VIRTUALE):
 * `permission` takes the place of the entity's own function `replaces`.
 */
export interface RowPermissionModel { field: string; group: string; codes: string[]; permission: string; replaces: string }

/** The permissions of which a caller needs any one to call `op` of an entity: its own, or the spec's list. */
export function permissionsOf(api: { permissions: Partial<Record<Operation | ChildOperation, string>>; permissionsAnyOf?: Partial<Record<Operation | ChildOperation, string[]>> }, op: Operation | ChildOperation): string[] {
  const own = api.permissions[op];
  return api.permissionsAnyOf?.[op] ?? (own === undefined ? [] : [own]);
}

/** `permissionForRow` of each of an operation's permissions (`permissionsOf`). */
export function permissionsForRow(rowPermissions: readonly RowPermissionModel[] | undefined, permissions: readonly string[], row: Readonly<Record<string, unknown>>): string[] {
  return [...new Set(permissions.map((p) => permissionForRow(rowPermissions, p, row)))];
}

/**
 * The permission `permission` (FUNCTION:ACTION) becomes for `row`: the function of the first row permission the
 * row falls under, in place of the entity's own; a permission of another function stays as it is.
 */
export function permissionForRow(rowPermissions: readonly RowPermissionModel[] | undefined, permission: string, row: Readonly<Record<string, unknown>>): string {
  const [fn, action] = permission.split(':');
  const governing = rowPermissions?.find((r) => { const value = row[r.field]; return r.replaces === fn && typeof value === 'string' && r.codes.includes(value); });
  return governing ? `${governing.permission}:${action}` : permission;
}

/** Another entity's row found from this one: `link` is targetField -> this entity's field. */
/**
 * A row of another entity that conditions read by `name` (`banca.<field>`); with `values`, every linked row's
 * value of that field instead, distinct, as a list (`{ in: [{ var: caller.group }, { var: bancheNegozi }] }`).
 */
export interface RelatedModel { name: string; entity: string; link: Record<string, string>; values?: string }

/**
 * Seed 000 §4: stock is editable only where the bank has stock management, otherwise read-only with
 * zero rows hidden. `when` is JSON Logic over `{ caller, now, today, <related names> }` (never `row`, so it
 * can be decided per related row when a list hides rows); `hide` are field -> value pairs that must all match.
 */
export interface EditableModel { when: JsonLogic; message: string; hide: Record<string, unknown> }

/**
 * Seed 001 §6: a bank with flgIniziativaIccrea takes no new merchants. `when` is JSON Logic over `{ row, caller,
 * now, today, <related names> }`, decided on the row a create would store.
 */
export interface CreatableModel { when: JsonLogic; message: string }

/** Something a row entering a state, or a transition, does in the same transaction. */
export type EffectModel =
  /** Sets fields of the row itself; each value is JSON Logic over the transition context. */
  | { kind: 'set'; values: Record<string, JsonLogic> }
  /**
   * Adds `by` (JSON Logic over the context) to a numeric field of another entity's row found by `link`
   * (targetField -> this row's field). The target field's own minimum and maximum hold: outside them the
   * change is refused with `message`; without a target row, with `missing`.
   */
  | { kind: 'adjust'; entity: string; link: Record<string, string>; field: string; by: JsonLogic; message: string; missing: string }
  /**
   * Inserts a row of another entity (a ticket's reply) through its scoped service, in the same transaction:
   * each value is JSON Logic over the transition context (`row`, `input`, `caller`, `now`, related rows).
   */
  | { kind: 'insert'; entity: string; values: Record<string, JsonLogic> }
  /**
   * Queues a message for the external system `target` (declared in the platform bindings) in the outbox, in
   * the same transaction; a worker posts it later with retries. `payload` maps names to JSON Logic values.
   */
  | { kind: 'outbox'; target: string; payload: Record<string, JsonLogic> };

export interface TransitionModel {
  name: string;
  label: string;
  from: string[];
  to: string;
  /** An action of its single `from` state, which is also its `to`: the row stays, `enter` effects do not run. */
  keepState?: true;
  permission: string;
  /** JSON Logic over `{ row, caller, now, today, <related names> }`; false refuses the transition (403). */
  guard?: JsonLogic;
  /** Asked in a yes/no modal before the form runs it. */
  confirm?: string;
  /** Offered on many rows at once: each row in turn (`each`), or all of them or none (`all`). */
  bulk?: 'each' | 'all';
  /** Answered by the API and shown by the form on success. */
  success: string;
  /** The refusal's message when the row is not in a `from` state (409 INVALID_TRANSITION); default the catalogue's. */
  failure?: string;
  /**
   * What the caller types when running it (a rejection's reason): the request body, validated like an
   * entity's fields, readable by the guard and the effects as `input.<name>`.
   */
  input?: FieldModel[];
  /**
   * Values the form starts the input with, JSON Logic over the row, the caller and the time (a refund's
   * amount starts at the original one). The server does not fill them: the request carries every input.
   */
  prefill?: Record<string, JsonLogic>;
  /**
   * Inputs held at their `prefill` while `when` holds (a refund allowed only for the full amount): the form
   * shows them read-only, the server refuses another value with `message` (422 TRANSITION_REFUSED).
   */
  lock?: Record<string, { when: JsonLogic; message: string }>;
  /**
   * Conditions over the row, the input, the caller, the time and the related rows that must hold for the
   * transition to run, in order; the first false one refuses it with its `message` (422 TRANSITION_REFUSED),
   * on `field` (an input) when it names one.
   */
  checks?: TransitionCheck[];
  /**
   * A critical operation: the request carries the caller's own password (`password` in the body), checked
   * against their credential and counted by the login throttle before the row is touched. This is that
   * field (`spec: reauthenticate: true`): part of the body schema and of the form, never of `input.<name>`.
   */
  reauthenticate?: FieldModel;
  effects: EffectModel[];
}

export interface TransitionCheck { field?: string; valid: JsonLogic; message: string }

export interface StateMachineModel {
  /** The machine's name in the spec's map form (`states: { statoPos: {...} }`); absent in the single form. */
  name?: string;
  /** The enum field holding the state; its codes and labels are the states. */
  field: string;
  /** States a new row may start in (the first is the default). */
  initial: string[];
  /**
   * Initial states reached as a transition would reach them: state -> transition. Creating a row in such a state
   * needs the transition's permission and guard and runs its effects (seed 000 §7: a movement created accepted is
   * the stock variation, allowed to whoever could accept it). Absent states need nothing beyond create.
   */
  initialVia?: Record<string, string>;
  /** What entering a state does, however the row gets there: created in it or moved there by a transition. */
  enter: Record<string, { effects: EffectModel[]; success?: string }>;
  transitions: TransitionModel[];
}

export interface PageModel {
  route: string;
  component: string;
  title: string;
  permission?: string;
  public: boolean;
  /** `icon`: a Tabler icon's name (tabler.io/icons: building-bank). */
  menu?: { group: string; label: string; order: number; icon?: string };
}

/** A non-CRUD operation declared in spec/ and implemented by a named handler in server/domain/. */
/**
 * A list's button that runs a custom operation (docs/spec-language.md#list-operations): with the selected rows'
 * keys in the body field `selection`, or with the values of the list's `filters` as its query parameters.
 */
export interface ListOperationModel { operation: string; label: string; confirm?: string; selection?: string; filters?: string[] }

export interface CustomOperationModel {
  name: string;
  method: 'get' | 'post' | 'put' | 'delete';
  /** Path under the API base, with {param} segments. */
  path: string;
  summary: string;
  access: 'public' | 'authenticated' | 'permission';
  permission?: string;
  handler: string;
  /** The browser's session cookie: written from the answer (`open`, login) or removed (`close`, logout). */
  session?: 'open' | 'close';
  params: FieldModel[];
  query: FieldModel[];
  body?: FieldModel[];
  response: { status: 200 | 201 | 204; fields?: FieldModel[]; entity?: string; shape?: 'one' | 'list' | 'page'; list?: 'string'; file?: 'text' | 'binary'; entities?: string[] };
  /** A header counter the shell polls (operation `indicator:`; handler countIndicator). */
  indicator?: IndicatorModel;
  successMessage?: string;
  /** Rate-limited by its handler (operation `throttled:`): may answer 429 TOO_MANY_REQUESTS with Retry-After. */
  throttled?: boolean;
  /** Italian refusals the handler answers, by name (operation `messages:`). */
  messages?: Record<string, string>;
  /** Texts the shell shows around the call that no answer carries (spec `shellMessages:`), in the manifest. */
  shellMessages?: Record<string, string>;
  source: string;
}

/**
 * A counter for the shell's header (seed 000 §7 "Indicator count"): rows of `entity` in the caller's scope
 * whose `field` is one of the codes of its group `group`, polled every 60000 ms x config key `refreshKey`.
 */
export interface IndicatorModel { label: string; entity: string; field: string; group: string; refreshKey: string; route?: string }

/** The kinds of user a shell is for and lands (seed 000 §1: merchant, assistance, other bank users). */
export type UserKind = 'bank' | 'assistance' | 'merchant';

/**
 * One application frame (spec/ui/pages.yaml `shells`): its route prefix, login realm, layout, menu source,
 * home, the kinds of user it is for and where the home sends each of them (a list: the first the user may
 * open, the last as fallback), and the routes (entity lists and forms, pages) that belong to it.
 */
export interface ShellDef {
  name: string;
  prefix: string;
  /** Further prefixes the shell owns (spec `alsoUnder`): a form view's route under one of them is the shell's. */
  alsoUnder: string[];
  title: string;
  /** `register`: a public page where a visitor registers, linked from the login page. */
  login: { realm: 'bank' | 'merchant'; title: string; register?: { route: string; label: string } };
  layout: 'sidebar' | 'topbar';
  menu: 'spec' | 'none';
  home: string;
  publicHome: boolean;
  users: UserKind[];
  landing: Partial<Record<UserKind, string[]>>;
  routes: string[];
}

/** Shell behaviour the seeds fix per kind of user (spec/ui/pages.yaml). */
export interface ShellModel {
  shells: ShellDef[];
  emailWarningGroups: string[];
  /** The menu's groups with their icon (spec/ui/pages.yaml `menuGroups`), by the group's label. */
  menuGroups: Record<string, { icon: string }>;
  /** Page numbers a hand-written paginator shows at once (seed 000 §9: 4). */
  pageWindow?: number;
}

/**
 * The mails that carry a temporary password (spec/platform/messages.yaml `mails`): {username} and {ore}
 * are filled in, {{password}} only in the recipient's copy.
 */
export interface MailTemplate { subject: string; text: string }
export interface MailTemplates { nuovaUtenza: MailTemplate; nuovaPassword: MailTemplate; recuperoPassword: MailTemplate; confermaAccount: MailTemplate }

/** One demo file of spec/demo/: rows of one entity, in load order, and the files its rows' file fields hold. */
export interface DemoDataModel {
  entity: string;
  rows: Record<string, unknown>[];
  /** The file of a row's file field (docs/spec-language.md#demo-files), read from spec/ by the generator. */
  files?: DemoFileModel[];
}

export interface DemoFileModel {
  /** Index of the row in `rows`. */
  row: number;
  field: string;
  /** The name the file is downloaded under (the file's own name in spec/). */
  name: string;
  contentType: string;
  /** The bytes, base64. */
  base64: string;
}

export interface Model {
  shell: ShellModel;
  entities: EntityModel[];
  operations: CustomOperationModel[];
  pages: PageModel[];
  functions: Record<string, string>;
  /**
   * Function -> the yes/no field of the merchant's row (bindings.merchantEntity) it requires: a merchant caller
   * whose merchant has it off holds no grant of the function (docs/spec-language.md#functions-that-depend-on-the-merchant).
   */
  merchantFlags?: Record<string, string>;
  actions: Record<string, string>;
  messages: { validation: Record<string, string>; errors: Record<string, string>; mails: MailTemplates };
  demo: DemoDataModel[];
  /** Entities removed from the spec whose tables are dropped on purpose (spec/platform/dropped-entities.yaml). */
  dropEntities: string[];
  /** Configuration keys and their defaults (spec/platform/config.yaml); overrides live in table configurazione. */
  config: ConfigKeyModel[];
  /** The entities playing the platform's roles, and the login realms (spec/platform/bindings.yaml); absent from a spec without it. */
  bindings?: Bindings;
  /** Aggregates with their charts (docs/spec-language.md#reports). */
  reports: ReportModel[];
  /** Figures and charts of one report over the last days (docs/spec-language.md#dashboards); absent: none. */
  dashboards?: DashboardModel[];
}

/**
 * One configuration key (seed 000 §7: GET config/{key}). Values travel as text: integers in decimal,
 * booleans as true/false, dates as YYYY-MM-DD, lists as comma-separated items.
 */
export interface ConfigKeyModel {
  key: string;
  type: 'string' | 'integer' | 'boolean' | 'date' | 'list';
  label: string;
  description?: string;
  /** The value when no administrator has set one, as text; null when the spec gives none. */
  default: string | null;
  /** For strings and for each item of a list. */
  pattern?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}

/** The entity's state machines (none when it declares no `states`). */
export function machinesOf(entity: Pick<EntityModel, 'states'>): StateMachineModel[] {
  return entity.states ?? [];
}

/** Every transition of the entity, machine after machine (their names are unique in the entity). */
export function transitionsOf(entity: Pick<EntityModel, 'states'>): TransitionModel[] {
  return machinesOf(entity).flatMap((m) => m.transitions);
}

/** The machine a transition belongs to. */
export function machineOfTransition(entity: Pick<EntityModel, 'states' | 'name'>, transition: string): StateMachineModel {
  const machine = machinesOf(entity).find((m) => m.transitions.some((t) => t.name === transition));
  if (!machine) throw new Error(`${entity.name} has no transition ${transition}`);
  return machine;
}

export function entityByName(model: Pick<Model, 'entities'>, name: string): EntityModel {
  const found = model.entities.find((e) => e.name === name);
  if (!found) throw new Error(`Unknown entity ${name}`);
  return found;
}

/**
 * The field a dotted body path points at (`codAbi`, `group.groupName`, `modelliPos.0.codModpos`),
 * walking into children; array indexes are skipped. Used to attach the spec's message to an error.
 */
export function fieldAtPath(model: Pick<Model, 'entities'>, entity: EntityModel, path: readonly string[]): FieldModel | undefined {
  const segments = path.filter((s) => !/^\d+$/.test(s));
  const head = segments.at(0);
  if (head === undefined) return undefined;
  const rest = segments.slice(1);
  // A confirmation field is written like the field it repeats, so it is refused with that field's messages.
  const confirmed = entity.confirmFields?.find((c) => c.name === head)?.confirms;
  if (rest.length === 0) return entity.fields.find((f) => f.name === (confirmed ?? head));
  const child = entity.children.find((c) => c.name === head);
  const childEntity = child && model.entities.find((e) => e.name === child.entity);
  return childEntity ? fieldAtPath(model, childEntity, rest) : undefined;
}

/** A group of a form's fields, in 1 to 3 columns (docs/spec-language.md#form-layout). */
export interface FormSectionModel {
  title?: string;
  columns: 1 | 2 | 3;
  /** Field and child names, in reading order. */
  fields: string[];
  /** Shown only while this holds on the row as the form holds it. */
  visibleWhen?: JsonLogic;
}

/** Labels shown as [label] after `column`'s value on the rows whose `when` holds (seed 001 §2: [PayWay]). */
export interface ListBadgesModel { column: string; items: { label: string; when: JsonLogic }[] }

/** The form at a further route behind its own permission (docs/spec-language.md#form-views). */
export interface FormViewModel { route: string; title: string; permission: string; readOnly: boolean }

export interface FormTabModel { label: string; visibleWhen?: JsonLogic; sections: FormSectionModel[] }

/** Tabs of sections, or sections alone. */
export type FormLayoutModel = { tabs: FormTabModel[] } | { sections: FormSectionModel[] };

/** The fields of `?format=compact`: the key, the spec's compact fields and the display fields, once each. */
export function compactFields(entity: Pick<EntityModel, 'key' | 'display' | 'api'>): string[] {
  return [...new Set([...entity.key, ...entity.api.compact, ...entity.display])];
}

/** One piece of a value typed in parts (`ui: { widget: parts }`): its length and its accessible name. */
export interface FieldPart { length: number; label: string }
