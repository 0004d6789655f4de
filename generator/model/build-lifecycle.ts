/**
 * Normalizes an entity's lifecycle (`related`, `editable`, `creatable`, `states`: docs/spec-language.md#state-machines)
 * and reports the mistakes visible in the file itself: unknown fields and states, a state field that is not
 * an enum, transitions that do not change the state or clash with a child's path. What needs other
 * entities (related fields, adjusted quantities, variables of conditions) is checked in check-lifecycle.ts.
 */
import type { EffectModel, EntityModel, FieldModel, StateMachineModel, TransitionModel } from '../../common/model.js';
import { REAUTHENTICATION_FIELD } from '../../common/reauthentication.js';
import { didYouMean, type Diagnostic } from '../diagnostics.js';
import type { PathSegment, SourceFile } from '../load/source-file.js';
import { buildField } from './build-field.js';
import type { RawEffect, RawEntity, RawField, RawStates } from './spec-types.js';

type Lifecycle = Pick<EntityModel, 'related' | 'editable' | 'creatable' | 'states'>;

export function buildLifecycle(raw: RawEntity, fields: FieldModel[], source: SourceFile, defaults: Record<string, string>, diagnostics: Diagnostic[]): Lifecycle {
  const names = fields.map((f) => f.name);
  // `key`: point at the name written in the file (an unknown state under `enter`), not at its value.
  const report = (path: PathSegment[], message: string, key = false) => diagnostics.push({ ...source.positionOf(path, { key }), message });
  const checkField = (name: string, path: PathSegment[], what: string) => {
    if (names.includes(name)) return true;
    report(path, `${what} '${name}' is not a field of ${raw.entity}.${didYouMean(name, names)}`);
    return false;
  };
  const out: Lifecycle = {};

  if (raw.related) {
    out.related = Object.entries(raw.related).map(([name, r]) => {
      if (['row', 'caller', 'now', 'today', 'input'].includes(name)) report(['related', name], `'${name}' is a name every condition has already: give the related row another name.`);
      for (const [target, own] of Object.entries(r.link)) checkField(own, ['related', name, 'link', target], 'Link value');
      return { name, entity: r.entity, link: r.link, ...(r.values !== undefined ? { values: r.values } : {}) };
    });
  }
  if (raw.editable) {
    const hide = raw.editable.hide ?? {};
    for (const f of Object.keys(hide)) checkField(f, ['editable', 'hide', f], 'Hidden-row field');
    out.editable = { when: raw.editable.when, message: raw.editable.message, hide };
  }
  if (raw.creatable) out.creatable = { when: raw.creatable.when, message: raw.creatable.message };
  // Transition inputs are declared in the field language, so they get the same rules and Italian messages.
  const inputOf = (at: PathSegment[], list: Record<string, RawField>) =>
    Object.entries(list).map(([name, def]) => buildField(name, def, source, defaults, diagnostics, at));
  if (raw.states && raw.states !== 'inherit') {
    const machines: { name?: string; spec: RawStates; base: PathSegment[] }[] = isSingleMachine(raw.states) ? [{ spec: raw.states, base: ['states'] }]
      : Object.entries(raw.states).map(([name, spec]) => ({ name, spec, base: ['states', name] }));
    // The password of a critical operation is a field of the body like any input, with its own rules and messages.
    const password = (at: PathSegment[]) => buildField(REAUTHENTICATION_FIELD, reauthenticationSpec(), source, defaults, diagnostics, at);
    const built = machines.flatMap(({ name, spec, base }) => buildStates(raw, spec, base, fields, checkField, report, (t, list) => inputOf([...base, 'transitions', t, 'input'], list), (t) => password([...base, 'transitions', t, 'reauthenticate']))
      .map((m) => (name === undefined ? m : { name, ...m })));
    checkMachinesApart(machines, report);
    if (built.length) out.states = built;
  }
  return out;
}

/**
 * The password a critical operation asks (`reauthenticate: true`): as long as a login's, typed hidden. The
 * wording is ours (seed 002 §4 says only "a password prompt").
 */
function reauthenticationSpec(): RawField {
  return { type: 'string', label: 'Password', required: true, maxLength: 200, ui: { widget: 'password' }, messages: { required: 'Inserire la propria password per confermare l\'operazione' } };
}

/** Where a machine is written: `states` itself in the single form, `states.<name>` in the map form. */
export function machinePath(machine: Pick<StateMachineModel, 'name'>): PathSegment[] {
  return machine.name === undefined ? ['states'] : ['states', machine.name];
}

/** The single form writes `field:` at the top of `states`; the map form names each machine. */
export function isSingleMachine(states: RawStates | Record<string, RawStates>): states is RawStates {
  return typeof states.field === 'string';
}

/**
 * Machines of one entity hold different fields, and their transitions have different names: the name is the
 * API path (`.../<key>/<name>`) and the word `_actions` answers.
 */
function checkMachinesApart(machines: { name?: string; spec: RawStates; base: PathSegment[] }[], report: (path: PathSegment[], message: string, key?: boolean) => void): void {
  const fieldOwner = new Map<string, string>();
  const transitionOwner = new Map<string, string>();
  for (const { name, spec, base } of machines) {
    const own = name ?? spec.field;
    const heldBy = fieldOwner.get(spec.field);
    if (heldBy !== undefined) report([...base, 'field'], `State field '${spec.field}' is already the field of machine '${heldBy}': each machine holds its own field.`);
    else fieldOwner.set(spec.field, own);
    for (const t of Object.keys(spec.transitions)) {
      const other = transitionOwner.get(t);
      if (other !== undefined) report([...base, 'transitions', t], `Transition '${t}' is declared in machine '${other}' too: transition names are unique in an entity (each is the path .../{key}/${t} and a word of _actions).`, true);
      else transitionOwner.set(t, own);
    }
  }
}

function buildStates(
  raw: RawEntity, spec: RawStates, base: PathSegment[], fields: FieldModel[],
  checkField: (name: string, path: PathSegment[], what: string) => boolean,
  report: (path: PathSegment[], message: string, key?: boolean) => void,
  inputOf: (transition: string, list: Record<string, RawField>) => FieldModel[],
  password: (transition: string) => FieldModel,
): StateMachineModel[] {
  if (!checkField(spec.field, [...base, 'field'], 'State field')) return [];
  const field = fields.find((f) => f.name === spec.field);
  if (!field) return [];
  if (field.type !== 'enum' || !field.options) {
    report([...base, 'field'], `State field '${spec.field}' must be an enum: its codes and Italian labels are the states (type: enum, values: { S: In attesa, ... }).`);
    return [];
  }
  const codes = field.options.map((o) => o.value);
  const checkState = (code: string, path: PathSegment[], key = false) => {
    if (codes.includes(code)) return;
    report(path, `Unknown state '${code}': the states of ${raw.entity} are the codes of '${spec.field}' (${codes.join(', ')}).${didYouMean(code, codes)}`, key);
  };
  const effects = (list: RawEffect[] | undefined, path: PathSegment[]) => (list ?? []).map((e, i) => buildEffect(e, [...path, i], stateFields(raw), raw, checkField, report));

  // An entry is a state a row may simply start in, or { state, via: transition }: starting in that state needs
  // what the transition needs (permission, guard) and does what it does (its effects).
  const written = spec.initial ?? [];
  const entries = written.map((e) => (typeof e === 'string' ? { state: e } : e));
  const initial = entries.length ? entries.map((e) => e.state) : [typeof field.default === 'string' && codes.includes(field.default) ? field.default : codes[0]];
  entries.forEach((e, i) => checkState(e.state, typeof written[i] === 'string' ? [...base, 'initial', i] : [...base, 'initial', i, 'state']));
  const initialVia: Record<string, string> = {};
  // `via` is any name the analyst wrote; only the keys of `transitions` have one.
  const transitionsByName: Partial<RawStates['transitions']> = spec.transitions;
  entries.forEach((e, i) => {
    if (e.via === undefined) return;
    const t = transitionsByName[e.via];
    const at: PathSegment[] = [...base, 'initial', i, 'via'];
    if (!t) report(at, `Unknown transition '${e.via}' in initial state '${e.state}': the transitions of ${raw.entity} are ${Object.keys(spec.transitions).join(', ')}.${didYouMean(e.via, Object.keys(spec.transitions))}`);
    else if (t.to !== e.state) report(at, `Transition '${e.via}' leads to '${t.to}', not to '${e.state}': a row created in '${e.state}' must be created as that transition would leave it.`);
    else if (t.input) report(at, `Transition '${e.via}' asks for an input (${Object.keys(t.input).join(', ')}), which a create does not carry: it cannot be the way a row starts in '${e.state}'.`);
    else initialVia[e.state] = e.via;
  });
  if (typeof field.default === 'string' && !initial.includes(field.default)) {
    report(['fields', spec.field, 'default'], `The default '${field.default}' of state field '${spec.field}' is not among the initial states (${initial.join(', ')}): a new row could not start in it.`);
  } else if (typeof field.default === 'string' && initialVia[field.default]) {
    report(['fields', spec.field, 'default'], `The default '${field.default}' of state field '${spec.field}' is reached only through '${initialVia[field.default]}': the default must be a state anyone who creates a row may start in (the pending one).`);
  }
  const enter: StateMachineModel['enter'] = {};
  for (const [state, e] of Object.entries(spec.enter ?? {})) {
    checkState(state, [...base, 'enter', state], true);
    (e.effects ?? []).forEach((effect, i) => {
      const kind = effect.insert ? 'insert' : effect.outbox ? 'outbox' : undefined;
      // A row also enters a state when it is created or loaded as demo data: what goes to other entities or
      // systems belongs to the transition that someone runs.
      if (kind) report([...base, 'enter', state, 'effects', i, kind], `An '${kind}' effect belongs to a transition, not to entering '${state}': a row also enters a state when it is created.`, true);
    });
    enter[state] = { effects: effects(e.effects, [...base, 'enter', state, 'effects']), ...(e.success ? { success: e.success } : {}) };
  }
  const children = Object.keys(raw.children ?? {});
  const transitions = Object.entries(spec.transitions).map(([name, t]) => {
    const at = (...p: PathSegment[]) => [...base, 'transitions', name, ...p];
    t.from.forEach((s, i) => checkState(s, at('from', i)));
    checkState(t.to, at('to'));
    if (t.keepState) {
      // An action of one state (a note on a row in error): it names that state once, as `from` and as `to`.
      if (t.from.length !== 1 || t.from[0] !== t.to) report(at('keepState'), `Transition '${name}' keeps the state: its 'from' must be exactly its 'to' ('${t.to}'), one state.`);
    } else if (t.from.includes(t.to)) report(at('to'), `Transition '${name}' goes from '${t.to}' to '${t.to}': a transition must change the state. An action of that state says 'keepState: true'.`);
    // A confirmation may name the row's fields ({row.importo}): each must be one.
    for (const [, field] of (t.confirm ?? '').matchAll(/\{row\.(\w+)\}/g)) {
      if (!fields.some((f) => f.name === field)) report(at('confirm'), `Transition '${name}': the confirmation names {row.${field}}, which is not a field of the entity.`);
    }
    if (children.includes(name)) report([...base, 'transitions', name], `Transition '${name}' has the name of a child list: both would be /${raw.api?.path ?? ''}/{key}/${name}. Rename the transition.`, true);
    return {
      name, label: t.label ?? name, from: [...t.from], to: t.to, ...(t.keepState ? { keepState: true as const } : {}), permission: t.permission,
      ...(t.guard !== undefined ? { guard: t.guard } : {}),
      ...(t.confirm ? { confirm: t.confirm } : {}),
      ...(t.bulk ? { bulk: t.bulk } : {}),
      success: t.success,
      ...(t.failure ? { failure: t.failure } : {}),
      ...(t.input ? { input: inputOf(name, t.input) } : {}),
      ...transitionChecks(name, t, at, report),
      ...(t.reauthenticate ? { reauthenticate: password(name) } : {}),
      effects: effects(t.effects, at('effects')),
    };
  });
  return [{ field: spec.field, initial: initial.map(String), ...(Object.keys(initialVia).length ? { initialVia } : {}), enter, transitions }];
}

/**
 * A transition's `prefill`, `lock` and `checks` (docs/spec-language.md#transition-checks): each prefilled or
 * locked name is one of its inputs, a locked one is prefilled too (it is held at that value), a check's
 * `field` is an input; with `reauthenticate`, no input may be called like the password it adds.
 */
function transitionChecks(
  name: string, t: RawStates['transitions'][string], at: (...p: PathSegment[]) => PathSegment[],
  report: (path: PathSegment[], message: string, key?: boolean) => void,
): Pick<TransitionModel, 'prefill' | 'lock' | 'checks'> {
  const inputs = Object.keys(t.input ?? {});
  const isInput = (input: string, path: PathSegment[], key: boolean) => {
    if (inputs.includes(input)) return true;
    report(path, `'${input}' is not an input of transition '${name}' (${inputs.join(', ') || 'it has none'}).${didYouMean(input, inputs)}`, key);
    return false;
  };
  for (const input of Object.keys(t.prefill ?? {})) isInput(input, at('prefill', input), true);
  for (const input of Object.keys(t.lock ?? {})) {
    if (isInput(input, at('lock', input), true) && !(t.prefill && input in t.prefill)) {
      report(at('lock', input), `Locked input '${input}' has no prefill: a locked input is held at its prefill value, so declare prefill.${input}.`, true);
    }
  }
  (t.checks ?? []).forEach((c, i) => { if (c.field !== undefined) isInput(c.field, at('checks', i, 'field'), false); });
  if (t.reauthenticate && t.bulk) {
    report(at('bulk'), `Transition '${name}' asks the caller's password (reauthenticate): it runs on one row at a time, not in bulk.`);
  }
  if (t.reauthenticate && inputs.includes(REAUTHENTICATION_FIELD)) {
    report(at('input', REAUTHENTICATION_FIELD), `Input '${REAUTHENTICATION_FIELD}' clashes with the password 'reauthenticate' adds to the body: rename the input.`, true);
  }
  return {
    ...(t.prefill ? { prefill: { ...t.prefill } } : {}),
    ...(t.lock ? { lock: Object.fromEntries(Object.entries(t.lock).map(([f, l]) => [f, { when: l.when, message: l.message }])) } : {}),
    ...(t.checks ? { checks: t.checks.map((c) => ({ ...(c.field !== undefined ? { field: c.field } : {}), valid: c.valid, message: c.message })) } : {}),
  };
}

/** The state fields of every machine of the entity: no effect may set one (only a transition's `to` does). */
function stateFields(entity: RawEntity): string[] {
  if (!entity.states || entity.states === 'inherit') return [];
  return isSingleMachine(entity.states) ? [entity.states.field] : Object.values(entity.states).map((m) => m.field);
}

/** A plain value, or `{ expr: <JSON Logic> }`: the JSON Logic an effect evaluates. */
function effectValue(v: unknown): unknown {
  return v !== null && typeof v === 'object' && 'expr' in v ? v.expr : v;
}

function buildEffect(
  raw: RawEffect, path: PathSegment[], stateFieldNames: string[], entity: RawEntity,
  checkField: (name: string, path: PathSegment[], what: string) => boolean,
  report: (path: PathSegment[], message: string, key?: boolean) => void,
): EffectModel {
  if (raw.adjust) {
    const a = raw.adjust;
    for (const [target, own] of Object.entries(a.link)) checkField(own, [...path, 'adjust', 'link', target], 'Link value');
    return { kind: 'adjust', entity: a.entity, link: a.link, field: a.field, by: a.by, message: a.message, missing: a.missing };
  }
  // The other entity's fields and the target's name are checked with the whole model (check-lifecycle.ts).
  if (raw.insert) return { kind: 'insert', entity: raw.insert.entity, values: Object.fromEntries(Object.entries(raw.insert.values).map(([f, v]) => [f, effectValue(v)])) };
  if (raw.outbox) return { kind: 'outbox', target: raw.outbox.target, payload: Object.fromEntries(Object.entries(raw.outbox.payload).map(([f, v]) => [f, effectValue(v)])) };
  const values: Record<string, unknown> = {};
  const keys = Array.isArray(entity.key) ? entity.key : [entity.key];
  for (const [f, v] of Object.entries(raw.set ?? {})) {
    if (!checkField(f, [...path, 'set', f], 'Effect field')) continue;
    if (stateFieldNames.includes(f)) report([...path, 'set', f], `An effect cannot set the state field '${f}': the transition's 'to' does.`, true);
    else if (keys.includes(f)) report([...path, 'set', f], `An effect cannot change the key field '${f}'.`, true);
    // What a transition records (who decided, when) is the server's: the API must not take it from a body.
    else if (!entity.fields[f].readOnly) report([...path, 'set', f], `Field '${f}' is set by an effect: mark it 'readOnly: true' (server-set: the API refuses it in request bodies, the form shows it read-only).`, true);
    if (v !== null && typeof v === 'object' && !('expr' in v)) report([...path, 'set', f], `Effect value for '${f}' must be a plain value or {expr: <JSON Logic>}.`);
    values[f] = effectValue(v);
  }
  return { kind: 'set', values };
}
