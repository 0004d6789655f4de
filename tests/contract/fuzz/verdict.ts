/**
 * What the fuzzer accepts as an answer, and why.
 *
 * An invalid request (one thing wrong with its shape) must be 400 VALIDATION_ERROR "Dati non validi" with
 * details naming the wrong field in Italian: never another status, never the validator's English.
 *
 * A valid request (it matches the document) must never be refused for its shape. The catalogue of
 * server/http/api-error.ts still leaves it answers that depend on the data, not on the request's shape:
 *   404 (NOT_FOUND, ...)  the path (or a required query parameter) names something that does not
 *                         exist (never ROUTE_NOT_FOUND: the path matched an operation);
 *   409 (any code)        a write that conflicts with the data's state: DUPLICATE_KEY (the key exists,
 *                         or a child list names one twice), REFERENCED (other rows still refer to the
 *                         row), INVALID_TRANSITION (not from the row's current state), QUANTITY_UNAVAILABLE
 *                         (not on reads: a read has nothing to conflict with);
 *   400 VALIDATION_ERROR  only when every detail is a field's `reference` or `lookup` message: the body names a row
 *                         that does not exist, a fact of the data the schema cannot know, or an entity
 *                         `checks` or `confirmFields` message (a condition across fields the schema cannot say), or a
 *                         conditional field's refusal on that field (requiredWhen, readOnlyWhen, hiddenWhen:
 *                         seed 001 §5's tax subject type, which the schema cannot say either); and for
 *                         adminResetPassword and businessResetPassword the user's e-mail being required (that user has none);
 *   400 VALIDATION_ERROR  a list (or its export) with `api.requireOneFilter` and none of those filters: every
 *                         detail is that rule's message (seed 001 §5: a merchant search with no field); or with
 *                         `api.period` and a period it refuses (missing, reversed, too long: seed 002 §9); or
 *                         with `api.paging: keyset` and a cursor it never answered (on `cursor`);
 *   400 PASSWORD_REUSED   changePassword with the new password equal to the current one;
 *   400 or 404            every detail one of the operation's own `messages:` (spec operations files): a
 *                         refusal the spec declares for the data (a user not of that bank, dataDa after dataA);
 *   403 FORBIDDEN         a spec rule about the row's data refuses it: a state transition's guard, or
 *                         the entity's `editable` rule, or its `creatable` rule on a create (the detail
 *                         carries the spec's message);
 *   401 INVALID_CREDENTIALS, ACCOUNT_LOCKED, ERROR_016   login, changePassword and the passkey login, which check a credential;
 *   401 ASSERTION_REFUSED singleSignOn and oneTimeLogin, which check a signed assertion (a random one is refused);
 *   400 REGISTRATION_REFUSED   merchantRegistration, whose data match no merchant (random data never do);
 *   404 LINK_INVALID, 401 LINK_EXPIRED   accountConfirm, whose random guid is no link given;
 *   403 REAUTHENTICATION_FAILED   a passkey assertion confirming a critical operation (webauthnAssertionFinish);
 *   403 REAUTHENTICATION_FAILED, 422 TRANSITION_REFUSED, IDEMPOTENCY_KEY_REUSED   a transition: a critical one
 *                         given another password, a check of the spec refusing the data, a key used before;
 *   429 EXPORT_LIMIT      an export start while the caller has ESPORTAZIONI_MAX_IN_CORSO exports queued or
 *                         running (the fuzzer starts many in a row);
 *   429 TOO_MANY_REQUESTS an operation the spec declares `throttled` (login, reset, password checks) over its limits;
 * Everything else is a failure: any 5xx; 400 for any other reason (KEY_MISMATCH included: the fuzzer
 * makes body keys agree with the path, as the document asks); 401 or 403 for the all-powerful user
 * (the session was lost, or a check refuses what the grant allows); 404 ROUTE_NOT_FOUND; 412 and 428
 * (the fuzzer sends If-Match with the version a GET just answered).
 *
 * An invalid request expects 400 VALIDATION_ERROR unless it says otherwise (a write without its
 * required If-Match is 428 VERSION_REQUIRED, as the document describes the header).
 */
import type { RuntimeModel } from '../../../server/artifacts.js';
import { isRecord } from '../../../server/records.js';
import { transitionBodyFields } from '../../../common/reauthentication.js';
import { todayIso } from '../../../common/flussi-dates.js';
import { latestComparableMonth, tooRecentMessage } from '../../../common/report-compare.js';
import type { FuzzRequest } from './requests.js';

export interface Answer { status: number; body: unknown }
/** An error answer that has the shape every one must have (Verdicts.errorBody). */
interface ErrorBody { errorMessage: string; code: unknown; details: { field: string; message: unknown }[] }

const CREDENTIAL_OPERATIONS = new Set(['login', 'changePassword', 'webauthnAssertionFinishAuth']);
const ASSERTION_OPERATIONS = new Set(['singleSignOn', 'oneTimeLogin']);
/** A passkey assertion confirming a critical operation: a random one is not the caller's (403, as a wrong password). */
const REAUTHENTICATION_OPERATIONS = new Set(['webauthnAssertionFinish']);
/** The operations that mail a user a new password: a user without an e-mail is refused (400 on email). */
const RESET_OPERATIONS = new Set(['adminResetPassword', 'businessResetPassword']);

/**
 * Italian refusals a domain hook still writes itself, with a count in them (server/domain/auth/grant-hooks.ts:
 * a role held by users cannot be deleted). They belong in the spec's messages; until they move, the
 * fuzzer knows them here rather than calling them English.
 */
const DOMAIN_MESSAGES = [/^Ruolo assegnato a \d+ utent[ei]: toglierlo prima (all'utente|agli utenti)$/];
/**
 * Refusals of save hooks (server/domain/) about the row's values, which the schema cannot say: a pay-by-mail amount
 * with more than 2 decimals (the gateway takes whole cents), cause and name-surname while configuration
 * PWM.SPECIAL_REQUESTS is off (server/domain/pwmail/hooks.ts). Accepted as the entity `checks` are.
 */
const HOOK_CHECKS = new Set([
  "L'importo può avere al massimo 2 decimali",
  'Causale e nome e cognome si indicano solo se le richieste speciali Pay by mail sono abilitate',
]);

export class Verdicts {
  /** Every message a detail may carry: the platform defaults and each field's own, from generated/model.json. */
  private readonly detailMessages = new Set<string>();
  private readonly referenceMessages = new Set<string>();

  /** The messages of the entities' `editable` and `creatable` rules (a row refused because of its data). */
  private readonly editableMessages = new Set<string>();

  /** Per operation, the refusals its spec declares (`messages:`): facts of the data, not of the request's shape. */
  private readonly operationMessages = new Map<string, Set<string>>();

  constructor(private readonly model: RuntimeModel) {
    const fields = [
      ...model.entities.flatMap((e) => [...e.fields, ...(e.states ?? []).flatMap((m) => m.transitions).flatMap((t) => transitionBodyFields(t))]),
      ...model.operations.flatMap((o) => [...o.params, ...o.query, ...(o.body ?? [])]),
    ];
    for (const m of Object.values(model.messages.validation)) this.detailMessages.add(m);
    for (const f of fields) {
      for (const m of Object.values(f.messages)) this.detailMessages.add(m);
      if (f.messages.reference) this.referenceMessages.add(f.messages.reference);
      // A lookup's refusal is the same kind of fact: no offered row has the value (docs/spec-language.md#lookups).
      if (f.lookup) this.referenceMessages.add(f.messages.lookup);
      // A reference within the caller's scope refuses a row outside it as a missing one (docs/spec-language.md#references-within-the-callers-scope).
      if (f.withinScope) this.referenceMessages.add(f.messages.withinScope);
    }
    // A child item outside its choices is refused unless the stored list holds it: a fact of the stored rows too.
    for (const e of model.entities) for (const c of e.children) if (c.choices) this.referenceMessages.add(c.choices.message);
    for (const m of Object.values(model.messages.errors)) this.detailMessages.add(m);
    // An operation's own refusals (`messages:` of its spec: a user not of that bank, dataDa after dataA).
    for (const o of model.operations) {
      const own = Object.values(o.messages ?? {});
      for (const m of own) this.detailMessages.add(m);
      if (own.length) this.operationMessages.set(o.name, new Set(own));
    }
    // Messages the spec gives its entity rules (editable, state effects): any string under a 'message' key.
    const walk = (v: unknown, key = ''): void => {
      if (typeof v === 'string' && /message|missing/i.test(key)) this.detailMessages.add(v);
      else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, Array.isArray(v) ? key : k);
    };
    walk(model.entities);
    for (const e of model.entities) if (e.editable?.message) this.editableMessages.add(e.editable.message);
    // A create guard reads the row's data too (seed 001 §6: a bank that takes no new merchants).
    for (const e of model.entities) if (e.creatable?.message) this.editableMessages.add(e.creatable.message);
    for (const e of model.entities) for (const c of e.checks ?? []) this.checkMessages.add(c.message);
    for (const m of HOOK_CHECKS) { this.checkMessages.add(m); this.detailMessages.add(m); }
    // Who may change a stored value (`writableWhen`) reads the stored row, as `editable` does: its 403 is a fact of the data.
    for (const f of model.entities.flatMap((e) => e.fields)) if (f.writableWhen) this.editableMessages.add(f.writableWhen.message);
    // A transition refused from a state it cannot run in, in its own words (`failure`): INVALID_TRANSITION's errorMessage.
    for (const t of model.entities.flatMap((e) => (e.states ?? []).flatMap((m) => m.transitions))) if (t.failure) this.failureMessages.add(t.failure);
    // A report export that finds no row answers EXPORT_FAILED with the spec's export.emptyMessage.
    for (const r of model.reports) if (r.exportEmptyMessage) this.exportEmptyMessages.add(r.exportEmptyMessage);
    for (const t of model.entities.flatMap((e) => (e.states ?? []).flatMap((m) => m.transitions))) {
      for (const m of [...(t.checks ?? []).map((c) => c.message), ...Object.values(t.lock ?? {}).map((l) => l.message)]) this.transitionMessages.add(m);
    }
    // A field typed twice (`confirmFields`: the e-mail and its confirmation) must match the one it repeats: across fields too.
    for (const e of model.entities) for (const c of e.confirmFields ?? []) this.checkMessages.add(c.message);
    // A `dropEmpty` list drops its empty slots before it is checked: items valid one by one may leave it shorter than
    // its minItems (the risk mail's recipients without an e-mail), a fact of the values the document cannot state.
    for (const c of model.entities.flatMap((e) => e.children)) if (c.dropEmpty && c.messages?.minItems) this.droppedListMessages.add(c.messages.minItems);
    for (const m of this.droppedListMessages) this.checkMessages.add(m);
    for (const e of model.entities) if (e.states?.some((m) => m.initialVia)) this.createsVia.add(`create${e.name}`);
    // A view's create whose key a row outside the view holds (a merchant user named as a bank user) is refused as any
    // out-of-scope create (403 without details), so that nobody learns which keys exist outside what they can read.
    for (const e of model.entities) if (e.viewRows?.length) this.createsVia.add(`create${e.name}`);
    for (const e of model.entities) if (e.api.requireOneFilter) this.filterMessages.add(e.api.requireOneFilter.message);
    // A list searched by period refuses a period that is not one (seed 002 §9): a fact of the dates' values.
    for (const e of model.entities) {
      for (const m of Object.values(e.api.period?.messages ?? {})) this.addFilterMessage(m);
    }
    // A report's own period (docs/spec-language.md#reports: the turnover allows 12 months where its movements allow 3).
    for (const r of model.reports) {
      for (const m of Object.values(r.period?.messages ?? {})) this.addFilterMessage(m);
      // A comparison's periods (docs/spec-language.md#period-comparison): which ones a request needs depends on its
      // kind, and which months are concluded on today's date; neither is the document's to say.
      if (r.compare) {
        const latest = tooRecentMessage(r.compare.messages.tooRecent, latestComparableMonth(todayIso(), r.compare.settleDays));
        for (const m of [r.compare.messages.required, latest]) { this.filterMessages.add(m); this.detailMessages.add(m); }
      }
      // A peer comparison's month range (docs/spec-language.md#peer-comparison): its order and length are not the
      // document's to say, nor which categories and places are the caller's own.
      if (r.peers) {
        const { required, order, tooLong, notOwn } = r.peers.messages;
        for (const m of [required, order, tooLong, notOwn]) { this.filterMessages.add(m); this.detailMessages.add(m); }
      }
    }
    // A list paged by cursor refuses a cursor it never answered (docs/spec-language.md#paging-by-cursor): the
    // document can say a cursor's characters, not which positions the list hands out.
    if (model.entities.some((e) => e.api.paging === 'keyset')) this.filterMessages.add(model.messages.validation.cursor);
    for (const f of model.entities.flatMap((e) => e.fields)) {
      if (!f.when) continue;
      const own = this.conditionMessages.get(f.name) ?? new Set<string>();
      const messages: Partial<Record<string, string>> = f.messages;
      for (const m of [messages.required, messages.readOnlyWhen, messages.hiddenWhen]) if (m) own.add(m);
      this.conditionMessages.set(f.name, own);
    }
  }

  /** Per conditional field's name, the refusals its conditions give (required, read-only, hidden): facts of the row. */
  private readonly conditionMessages = new Map<string, Set<string>>();

  /** The messages of lists that need one of some filters (`api.requireOneFilter`): a fact of the query's values. */
  private readonly filterMessages = new Set<string>();
  /** Refusals of a period with a placeholder, as patterns: the server fills the placeholder. */
  private readonly filterTemplates: RegExp[] = [];

  /** Create operations of entities with an initial state reached via a transition: its guard may refuse them. */
  private readonly createsVia = new Set<string>();

  /** The messages of transitions' `checks` and `lock`s: a TRANSITION_REFUSED answer's errorMessage. */
  private readonly transitionMessages = new Set<string>();

  /** The transitions' own refusals from a state they cannot run in (`failure`). */
  private readonly failureMessages = new Set<string>();
  private readonly exportEmptyMessages = new Set<string>();

  /** The messages of the entities' `checks` (a promotion ending before it starts): across fields, beyond the schema. */
  private readonly checkMessages = new Set<string>();
  private readonly droppedListMessages = new Set<string>();

  /**
   * undefined when the answer is right for the request, else why not. `identifies`: the operation names a
   * row by a path or required query parameter; `transition`: a state machine transition (x-operation).
   */
  judge(req: FuzzRequest, res: Answer, kind: { identifies: boolean; transition: boolean; exportStart?: boolean }): string | undefined {
    if (res.status >= 500) return `server error ${res.status}`;
    if (res.status >= 200 && res.status < 300) return req.kind === 'valid' ? undefined : `accepted (${res.status}) an invalid request: ${req.why}`;
    const body = this.errorBody(res.body);
    if (typeof body === 'string') return body;
    if (req.kind === 'invalid') {
      const [status, code] = req.expect ?? [400, 'VALIDATION_ERROR'];
      if (res.status !== status || body.code !== code) return `expected ${status} ${code} for "${req.why}", got ${res.status} ${String(body.code)}`;
      if (code !== 'VALIDATION_ERROR') return undefined;
      if (!body.details.length) return '400 without details';
      // A list's search rules (a period, one filter at least) may refuse an invalid request first, on other fields:
      // the request is refused in Italian all the same, for a reason the document cannot state (as for a valid one).
      const searchRefusal = req.method === 'get' && body.details.every((d) => this.filterMessages.has(String(d.message)) || this.filledFilterMessage(String(d.message)));
      // An invalid item with nothing in its `dropEmpty` fields is an empty slot, dropped unread: the list it leaves may be too short.
      const droppedRefusal = body.details.every((d) => this.droppedListMessages.has(String(d.message)));
      if (req.expectField && !searchRefusal && !droppedRefusal && !body.details.some((d) => d.field === req.expectField)) return `no detail names ${req.expectField}`;
      return undefined;
    }
    const code = String(body.code);
    const op = req.operationId;
    if (res.status === 404 && code !== 'ROUTE_NOT_FOUND' && kind.identifies) return undefined;
    // A create in a state reached via a transition (initial: [{ state, via }]) is refused as that transition's guard would be;
    // a view's create, when its key is held outside the view.
    if (res.status === 403 && code === 'FORBIDDEN' && body.details.length === 0 && req.method === 'post' && this.createsVia.has(op)) return undefined;
    if (res.status === 403 && code === 'FORBIDDEN' && (kind.transition
      || (body.details.length > 0 && body.details.every((d) => this.editableMessages.has(String(d.message)))))) return undefined;
    if (res.status === 409 && req.method !== 'get') return undefined;
    // A transition's checks refuse the data (an amount over the row's), a critical one a password that is not
    // the caller's, and a random Idempotency-Key may repeat one already used on another row.
    if (kind.transition && res.status === 422 && (code === 'TRANSITION_REFUSED' || code === 'IDEMPOTENCY_KEY_REUSED')) return undefined;
    if ((kind.transition || REAUTHENTICATION_OPERATIONS.has(op)) && res.status === 403 && code === 'REAUTHENTICATION_FAILED') return undefined;
    // 400 or 404 carrying only refusals the operation's spec declares (the user is not of that bank).
    const own = this.operationMessages.get(op);
    if ((res.status === 400 || res.status === 404) && own && body.details.length && body.details.every((d) => own.has(String(d.message)))) return undefined;
    if (res.status === 400 && code === 'VALIDATION_ERROR' && body.details.length) {
      // A reference message may name the missing value ('Ruolo inesistente: XYZ': roles exist per group chain).
      const reference = (m: string) => this.referenceMessages.has(m) || this.referenceMessages.has(m.slice(0, Math.max(0, m.indexOf(': '))));
      const conditional = (d: { field: string; message: unknown }) => this.conditionMessages.get(d.field.split('.').at(-1) ?? '')?.has(String(d.message)) === true;
      const businessOnly = body.details.every((d) => reference(String(d.message)) || this.checkMessages.has(String(d.message)) || conditional(d)
        || (RESET_OPERATIONS.has(op) && d.field === 'email' && d.message === this.model.messages.validation.required));
      if (businessOnly) return undefined;
    }
    if (res.status === 400 && code === 'VALIDATION_ERROR' && body.details.length && (req.method === 'get' || kind.exportStart)
      && body.details.every((d) => this.filterMessages.has(String(d.message)) || this.filledFilterMessage(String(d.message)))) return undefined;
    if (res.status === 400 && code === 'PASSWORD_REUSED' && op === 'changePassword') return undefined;
    if (res.status === 401 && ['INVALID_CREDENTIALS', 'ACCOUNT_LOCKED', 'ERROR_016'].includes(code) && CREDENTIAL_OPERATIONS.has(op)) return undefined;
    if (res.status === 401 && code === 'ASSERTION_REFUSED' && ASSERTION_OPERATIONS.has(op)) return undefined;
    if (res.status === 400 && code === 'REGISTRATION_REFUSED' && op === 'merchantRegistration') return undefined;
    if (((res.status === 404 && code === 'LINK_INVALID') || (res.status === 401 && code === 'LINK_EXPIRED')) && op === 'accountConfirm') return undefined;
    if (res.status === 429 && code === 'EXPORT_LIMIT' && kind.exportStart) return undefined;
    // A report export whose filters find no row answers its spec's export.emptyMessage (checked by errorBody).
    if (res.status === 409 && code === 'EXPORT_FAILED' && this.exportEmptyMessages.has(body.errorMessage)) return undefined;
    if (res.status === 429 && code === 'TOO_MANY_REQUESTS' && this.model.operations.find((o) => o.name === op)?.throttled) return undefined;
    return `a valid request answered ${res.status} ${code}`;
  }

  /** A spec message, or one followed by the value it is about ("Ruolo riservato all'assistenza: ROLE_ADMIN"). */
  private fromSpec(message: string): boolean {
    const cut = message.indexOf(': ');
    return this.detailMessages.has(message) || (cut > 0 && this.detailMessages.has(message.slice(0, cut))) || DOMAIN_MESSAGES.some((m) => m.test(message))
      || this.filledFilterMessage(message);
  }

  /**
   * A period's refusal: its text, or for one with a placeholder (`tooLate`'s `{data}`, the latest end allowed)
   * that text with the placeholder filled.
   */
  private addFilterMessage(message: string): void {
    this.filterMessages.add(message);
    this.detailMessages.add(message);
    if (/\{\w+\}/.test(message)) this.filterTemplates.push(new RegExp(`^${message.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '.+')}$`));
  }

  private filledFilterMessage(message: string): boolean {
    return this.filterTemplates.some((t) => t.test(message));
  }

  /**
   * Every error answer: {errorMessage, code, details}, the message of the code, details in Italian. The
   * body when it is one, else what is wrong with it.
   */
  private errorBody(body: unknown): ErrorBody | string {
    if (!isRecord(body)) return 'error answer without a JSON body';
    const expected = this.model.messages.errors[String(body.code)];
    if (!expected) return `unknown error code ${String(body.code)}`;
    // A `{name}` placeholder of the catalogue (EXPORT_LIMIT's {max}) is filled with a value by the server;
    // TRANSITION_REFUSED's '{message}' is one of the spec's transition checks or locks, as written there.
    const template = new RegExp(`^${expected.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^ ]+')}$`);
    const catalogue = (m: string) => (body.code === 'TRANSITION_REFUSED' ? this.transitionMessages.has(m) : template.test(m) || (body.code === 'INVALID_TRANSITION' && this.failureMessages.has(m)) || (body.code === 'EXPORT_FAILED' && this.exportEmptyMessages.has(m)));
    if (typeof body.errorMessage !== 'string' || !catalogue(body.errorMessage)) return `errorMessage ${JSON.stringify(body.errorMessage)} is not the catalogue's for ${String(body.code)}`;
    if (!Array.isArray(body.details)) return 'details is not a list';
    const details: ErrorBody['details'] = [];
    for (const d of body.details) {
      if (!isRecord(d) || typeof d.field !== 'string' || !d.field) return `detail without a field: ${JSON.stringify(d)}`;
      if (!this.fromSpec(String(d.message))) return `detail message not from the spec (English?): ${JSON.stringify(d)}`;
      details.push({ field: d.field, message: d.message });
    }
    return { errorMessage: body.errorMessage, code: body.code, details };
  }
}
