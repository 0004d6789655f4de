/**
 * What the platform knows of the domain (spec/platform/bindings.yaml): which entity plays each role the
 * generic code needs, and under which field names. Generic code asks `bound(model, 'mailOutbox')` instead of
 * spelling MailOutbox or mail_outbox, so a spec that calls its outbox otherwise only changes the bindings.
 */
import type { DataScopeBindings } from './data-scope.js';
import { entityByName, type EntityModel, type FieldModel, type Model } from './model.js';

/**
 * The fields the platform reads or writes of each role's entity, by the name the platform gives them. A
 * binding may map a name to the entity's own field (`fields: { status: statoInvio }`); an unmapped name is
 * the entity's field of the same name. The export job's names are also its API answer
 * (components/schemas/ExportJob), so they are the platform's, not a choice of the spec.
 */
export const ROLE_FIELDS = {
  /** The demo logins printed at start (server/main.ts). */
  user: ['username', 'fullName'],
  /** The audit trail (server/crud/audit.ts). */
  auditLog: ['id', 'changedAt', 'username', 'entity', 'entityKey', 'operation', 'transition', 'scopeBank', 'scopeBranch', 'before', 'after'],
  /** Every mail sent, with its delivery status (server/mail/). */
  mailOutbox: ['id', 'createdAt', 'recipient', 'subject', 'body', 'status', 'outcome', 'sentAt'],
  /** The asynchronous export jobs (server/exports/). */
  exportJobs: [
    'id', 'entity', 'formato', 'stato', 'username', 'userType', 'parametri', 'righeScritte', 'righeTotali',
    'downloadId', 'nomeFile', 'messaggio', 'createdAt', 'startedAt', 'finishedAt',
  ],
  /** Messages for external systems queued by transitions' `outbox` effects, posted with retries (server/outbox/). */
  outbox: ['id', 'createdAt', 'target', 'entity', 'entityKey', 'transition', 'payload', 'status', 'attempts', 'nextAttempt', 'lastError', 'sentAt'],
  /** The answers of transitions sent with an Idempotency-Key, replayed to a repeated request (server/crud/idempotency.ts). */
  idempotentAnswers: ['id', 'createdAt', 'username', 'request', 'answer'],
  /** The administrators' values of the configuration keys (server/exports/worker.ts reads two). */
  configuration: ['key', 'value'],
} as const;

/**
 * Codes the platform writes into a role field: when the spec makes that field an enum, it must offer them
 * (the generator checks it), so a save through the generic API accepts what the platform stored.
 */
export const ROLE_CODES: { [R in EntityRole]?: Partial<Record<RoleField<R>, readonly string[]>> } = {
  auditLog: { operation: ['create', 'update', 'delete', 'transition'] },
  mailOutbox: { status: ['C', 'I', 'N'] },
  exportJobs: { stato: ['P', 'R', 'S', 'E'], formato: ['csv', 'xlsx'] },
  outbox: { status: ['P', 'S', 'F'] },
};

export type EntityRole = keyof typeof ROLE_FIELDS;
export type RoleField<R extends EntityRole> = (typeof ROLE_FIELDS)[R][number];
const isEntityRole = (key: string): key is EntityRole => key in ROLE_FIELDS;
export const ENTITY_ROLES = Object.keys(ROLE_FIELDS).filter(isEntityRole);

/** One role's entity with every role field resolved to the entity's field name. */
export interface EntityBinding { entity: string; fields: Record<string, string> }

/** The login realms (query `userType`, /login/<realm>): the bank-side users' and the merchants'. */
export interface LoginRealms { bank: string; merchant: string }

export interface Bindings {
  entities: Record<EntityRole, EntityBinding>;
  loginRealms: LoginRealms;
  /**
   * The entity whose row is a merchant caller's own merchant, found by its scope's bank and merchant dimensions;
   * its yes/no fields may gate functions (Model.merchantFlags). Absent: no function depends on the merchant.
   */
  merchantEntity?: string;
  /** Which caller values restrict each data-scope dimension, per kind of caller (common/data-scope.ts). */
  dataScope: DataScopeBindings;
}

/** A role's entity and its fields' names and columns, for code that must not know them. */
export interface BoundEntity<R extends EntityRole> {
  entity: EntityModel;
  /** The entity's field name of a role field. */
  field(name: RoleField<R>): string;
  /** The column of a role field. */
  column(name: RoleField<R>): string;
  /** Values by role field, as a row of the entity (its field names). */
  row(values: Partial<Record<RoleField<R>, unknown>>): Record<string, unknown>;
  /** Values by role field, by column (for code that writes the table itself). */
  columns(values: Partial<Record<RoleField<R>, unknown>>): Record<string, unknown>;
  /** A row of the entity (its field names) by role field: the inverse of `row`. */
  values(row: Record<string, unknown>): Partial<Record<RoleField<R>, unknown>>;
}

/** The model's bindings; a model without them cannot run the server. */
export function bindingsOf(model: Pick<Model, 'bindings'>): Bindings {
  if (!model.bindings) throw new Error('The model has no bindings: add spec/platform/bindings.yaml and run npm run gen.');
  return model.bindings;
}

export function bound<R extends EntityRole>(model: Pick<Model, 'entities' | 'bindings'>, role: R): BoundEntity<R> {
  const binding = bindingsOf(model).entities[role];
  const entity = entityByName(model, binding.entity);
  // Any string: rename() passes back the keys of a Partial<Record<RoleField<R>, unknown>>.
  const fieldOf = (name: string): FieldModel => {
    const found = entity.fields.find((f) => f.name === binding.fields[name]);
    if (!found) throw new Error(`Binding ${role}.${name}: entity ${entity.name} has no field ${binding.fields[name]}`);
    return found;
  };
  const rename = (values: Partial<Record<RoleField<R>, unknown>>, to: (f: FieldModel) => string) =>
    Object.fromEntries(Object.entries(values).map(([name, value]) => [to(fieldOf(name)), value]));
  return {
    entity,
    field: (name) => fieldOf(name).name,
    column: (name) => fieldOf(name).column,
    row: (values) => rename(values, (f) => f.name),
    columns: (values) => rename(values, (f) => f.column),
    values: (row) => {
      const out: Partial<Record<RoleField<R>, unknown>> = {};
      // ROLE_FIELDS[role] of a generic role is a union of tuples to TypeScript; its names are RoleField<R>.
      // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the compiler cannot index by R
      for (const name of ROLE_FIELDS[role] as readonly RoleField<R>[]) if (binding.fields[name] in row) out[name] = row[binding.fields[name]];
      return out;
    },
  };
}
