/**
 * Shapes of the generated artifacts the UI reads (docs/artifacts.md). The manifest's types are the generator's
 * own (generated/types/manifest.ts, emitted by generator/emitters/manifest-type.ts and used by the manifest
 * emitter too); the form definition's are declared here.
 */
import type { FieldRule, JsonLogic } from '../../../common/rules';
import type { FieldConditions } from '../../../common/field-conditions';
import type { FormBanners } from './apiError';

export type {
  BulkAction, ColumnDef, DashboardMeta, DashboardValue, EntityMeta, FormOperation, EnumOption, FilterDef, IndicatorDef, ListOperation, LoginRealms, Manifest, MenuGroup, QueryEnum, RelatedListDef, RelatedTabsDef, ReportMeta, RouteDef, ShellDef, ShellLayout, SortSpec,
} from '../../../generated/types/manifest';

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
  /** The spec's `form.banners`: said when the form or the API refuses a save, instead of the shell's generic words. */
  banners?: FormBanners;
  /** The spec's `deleteConfirmation:`, asked instead of the generic question (irreversible operations). */
  deleteConfirmation?: { title?: string; message: string };
  /** Form-only fields that repeat another (the e-mail typed twice): they must match, and are never stored. */
  confirmFields?: { name: string; confirms: string; label: string; message: string }[];
  /** field -> permission that allows changing it alone, without the entity's update permission */
  fieldPermissions?: Record<string, string>;
  /** Conditional fields (docs/spec-language.md#conditional-fields): when each is required, read-only, hidden. */
  conditions?: Record<string, FieldConditions>;
  /** The entity's state machine (docs/spec-language.md#state-machines): its actions and their messages. */
  states?: StatesDef;
  /** Fields shown only while a boolean configuration key is on, and their key (docs/spec-language.md#fields-enabled-by-configuration). */
  enabledBy?: Record<string, string>;
  /** The body of each form operation that takes one, by operation (docs/spec-language.md#form-operations). */
  operationInputs?: Record<string, TransitionInputDef>;
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
  /** input -> JSON Logic over `{ row, today, now }`: the value the input starts with (a refund's full amount). */
  prefill?: Record<string, JsonLogic>;
  /** input -> JSON Logic over the same: while true the input stays at its prefill, read-only. */
  lock?: Record<string, JsonLogic>;
  /** A critical operation: the input asks the caller's own password (its `password` field). */
  reauthenticate?: boolean;
  /** The spec's checks over `{ row, input, today, now }`, decided before sending with the server's messages. */
  checks?: { field?: string; valid: JsonLogic; message: string }[];
}

export interface TransitionInputDef {
  schema: JsonSchema;
  uiSchema: Record<string, unknown>;
  /** field -> Ajv keyword -> Italian message */
  messages: Record<string, Record<string, string>>;
}

export interface StatesDef {
  /** The first machine's field (the state a new row's message speaks of). */
  field: string;
  /** Every machine's state field (a request's stato, statoPos, statoFattDir): each shown as a status chip. */
  fields: string[];
  initial: string[];
  transitions: TransitionDef[];
  /** state -> message shown after a row is created in it ('Giacenza variata con successo'). */
  created: Record<string, string>;
}

export type Row = Record<string, unknown>;
