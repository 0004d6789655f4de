/**
 * Shapes of the generated artifacts the UI reads (docs/artifacts.md): `generated/manifest.json` and
 * `generated/forms/<Entity>.json`. Declared here rather than imported from generated/types because those
 * describe entities and API paths, not the manifest.
 */
import type { FieldRule } from '../../../common/rules';

export type FieldType = 'string' | 'integer' | 'decimal' | 'boolean' | 'date' | 'datetime' | 'enum' | 'reference';

export interface EnumOption {
  value: string | number | boolean;
  label: string;
}

export interface ColumnDef {
  field: string;
  label: string;
  type: FieldType;
  options?: EnumOption[];
  /** The enum's named subsets of codes (spec `groups:`), e.g. the suspended statuses of a ticket. */
  groups?: Record<string, string[]>;
}

export interface FilterDef {
  field: string;
  /** Query parameter name when it differs from the field (the bank name filter is `name`). */
  param?: string;
  label: string;
  type: FieldType;
  /** range: one end of a from/to filter; `param` is `<field>Da` or `<field>A`. */
  search?: 'exact' | 'wildcard' | 'range';
  options?: EnumOption[];
}

export interface SortSpec {
  field: string;
  direction: 'asc' | 'desc';
}

export type Operation = 'list' | 'get' | 'create' | 'update' | 'delete';

export interface EntityMeta {
  label: string;
  labelPlural: string;
  path: string;
  key: string[];
  pageSize: number;
  maxPageSize: number;
  compact?: string[];
  listRoute?: string;
  formRoute?: string;
  title?: string;
  columns: ColumnDef[];
  filters: FilterDef[];
  defaultSort?: SortSpec;
  operations: Operation[];
  permissions?: Record<string, string>;
  /** The spec's question before a delete and its success banner (absent: the generic ones). */
  deleteConfirmation?: { title?: string; message: string };
  deletedMessage?: string;
  /** The list can be exported asynchronously in these formats (absent: no "Esporta" menu). */
  exportFormats?: ('csv' | 'xlsx')[];
}

interface RouteBase {
  path: string;
  permission?: string;
  title?: string;
  /** Reachable without login (seed 000 §2). */
  public?: boolean;
}

export type RouteDef =
  | (RouteBase & { kind: 'list'; entity: string })
  | (RouteBase & { kind: 'form'; entity: string })
  | (RouteBase & { kind: 'extension'; component: string });

export interface MenuItem {
  label: string;
  route: string;
  permission?: string;
}

export interface MenuGroup {
  label: string;
  items: MenuItem[];
}

export interface Manifest {
  apiBase: string;
  locale: { date: string; dateTime: string; currency: string; firstDayOfWeek: number };
  ui: { bannerTimeoutMs: number; typeaheadDelayMs: number };
  menu: MenuGroup[];
  routes: RouteDef[];
  entities: Record<string, EntityMeta>;
  /** Where /home sends each kind of user (spec/ui/pages.yaml `landing`). */
  landing?: { merchant: string; assistance: string; bank: string[] };
  /** Default validation messages of spec/platform/messages.yaml (required, type, ...). */
  messages: Record<string, string>;
  /** The `successMessage` of each custom operation that has one, by operation name (spec operations files). */
  successMessages: Record<string, string>;
  /** Parent groups whose users without e-mail are only warned (spec/ui/pages.yaml). */
  emailWarningGroups?: string[];
  /** Page numbers a hand-written paginator shows at once (spec/ui/pages.yaml `pageWindow`). */
  pageWindow?: number;
  /** Query defaults of custom operations by operation name (notification history `pageDimension`: 10). */
  queryDefaults?: Record<string, Record<string, unknown>>;
  /**
   * The function and action catalogue of spec/platform/functions.yaml (code -> label), for the role editor's
   * grant picker. Optional: without it the picker offers what the caller itself holds.
   */
  functions?: Record<string, string>;
  actions?: Record<string, string>;
  /** Asynchronous exports: configuration keys of the maximum wait and of the poll step (seconds), the failure text. */
  exports?: { maxWaitKey: string; stepKey: string; firstCheckMs: number; failedMessage: string };
  /** Enum inputs of custom operations by operation and input name: label, codes, named groups of codes. */
  queryEnums?: Record<string, Record<string, { label: string; options: EnumOption[]; groups?: Record<string, string[]> }>>;
  /** Header counters (operations with `indicator:`), polled only for holders of `permission`. */
  indicators?: IndicatorDef[];
}

export interface IndicatorDef { name: string; path: string; permission?: string; label: string; refreshKey: string; route?: string }

/** Props of an extra button a hand-written extension adds to an entity's form (ui/extensions formActions). */
export interface FormActionProps {
  entityName: string;
  /** The key of the record on screen; undefined on a create form. */
  editKey: Record<string, string> | undefined;
  record: Row | undefined;
}

export interface Confirmation {
  field: string;
  from: unknown;
  to: unknown;
  title?: string;
  message: string;
}

/** JSON Schema as an open object: the form page hands it to rjsf untouched. */
export type JsonSchema = Record<string, unknown>;

export interface FormDef {
  entity: string;
  key: string[];
  schema: JsonSchema;
  uiSchema: Record<string, unknown>;
  /** dotted path without array indexes -> Ajv keyword -> Italian message */
  messages: Record<string, Record<string, string>>;
  defaultMessages: Record<string, string>;
  rules: FieldRule[];
  confirmations: Confirmation[];
  /** The spec's `success:` banners after create, update and delete (absent: the shell's generic ones). */
  success?: Partial<Record<'create' | 'update' | 'delete', string>>;
  /** The spec's `deleteConfirmation:`, asked instead of the generic question (irreversible operations). */
  deleteConfirmation?: { title?: string; message: string };
  /** field -> permission that allows changing it alone, without the entity's update permission */
  fieldPermissions?: Record<string, string>;
  /** The entity's state machine (docs/spec-language.md#state-machines): its actions and their messages. */
  states?: StatesDef;
}

/** One transition as the form offers it: a button shown when the row's `_actions` names it. */
export interface TransitionDef {
  name: string;
  label: string;
  from: string[];
  to: string;
  permission: string;
  /** Asked in a yes/no modal before running it. */
  confirm?: string;
  /** The spec's success message (the API answers it too). */
  success: string;
  /** What the caller fills in first (a rejection's reason): the API's body schema, widgets and messages. */
  input?: TransitionInputDef;
}

export interface TransitionInputDef {
  schema: JsonSchema;
  uiSchema: Record<string, unknown>;
  /** field -> Ajv keyword -> Italian message */
  messages: Record<string, Record<string, string>>;
}

export interface StatesDef {
  field: string;
  initial: string[];
  transitions: TransitionDef[];
  /** state -> message shown after a row is created in it ('Giacenza variata con successo'). */
  created: Record<string, string>;
}

export type Row = Record<string, unknown>;
