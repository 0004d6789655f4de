/**
 * Lifecycle checks that need the whole spec (docs/spec-language.md#state-machines): related rows and
 * adjusted quantities name existing entities and fields, and every variable a condition or an effect
 * reads exists: `row.<field>`, `caller.<fact>`, `<related>.<field>`, `now`, `today`, and in a transition's
 * guard and effects `input.<name>` of its declared input. Each mistake is
 * reported at the file:line:col of the offending text, with the closest valid name.
 */
import { CALLER_FACTS, CONTEXT_ROOTS, DATABASE_CONDITION_OPERATORS, logicOperators, logicVars } from '../../common/lifecycle.js';
import { machinesOf, type ConfigKeyModel, type EffectModel, type EntityModel } from '../../common/model.js';
import { machinePath } from './build-lifecycle.js';
import type { JsonLogic } from '../../common/rules.js';
import { didYouMean, type Diagnostic } from '../diagnostics.js';
import type { PathSegment } from '../load/source-file.js';
import type { Located } from './check-cross-references.js';

export function checkLifecycles(entities: Located<EntityModel>[], diagnostics: Diagnostic[], config: ConfigKeyModel[] = []): void {
  const byName = new Map(entities.map((e) => [e.value.name, e.value]));
  for (const { value: entity, source } of entities) {
    const report = (path: PathSegment[], message: string) => diagnostics.push({ ...source.positionOf(path), message });
    const fieldsOf = (e: EntityModel) => e.fields.map((f) => f.name);
    const target = (name: string, path: PathSegment[]) => {
      const found = byName.get(name);
      if (!found) report(path, `Unknown entity '${name}'.${didYouMean(name, byName.keys())}`);
      return found;
    };

    const related = new Map<string, EntityModel>();
    for (const r of entity.related ?? []) {
      const e = target(r.entity, ['related', r.name, 'entity']);
      if (!e) continue;
      related.set(r.name, e);
      for (const f of Object.keys(r.link)) {
        if (!fieldsOf(e).includes(f)) report(['related', r.name, 'link', f], `Link field '${f}' is not a field of ${e.name}.${didYouMean(f, fieldsOf(e))}`);
      }
      if (r.values !== undefined && !fieldsOf(e).includes(r.values)) report(['related', r.name, 'values'], `'${r.values}' is not a field of ${e.name}.${didYouMean(r.values, fieldsOf(e))}`);
    }
    /** Related names read as a list of values (`values:`), not as one row. */
    const valueLists = new Set((entity.related ?? []).filter((r) => r.values !== undefined).map((r) => r.name));

    /** What a root of the context offers (one of `roots`, so it exists), and how a message names it. */
    const membersOf = (root: string, input?: string[]): { members: readonly string[]; what: string } | undefined => {
      if (root === 'caller') return { members: CALLER_FACTS, what: 'a fact of the caller' };
      if (root === 'input') return input && { members: input, what: 'an input of the transition' };
      const rowOrRelated = root === 'row' ? entity : related.get(root);
      return rowOrRelated && { members: fieldsOf(rowOrRelated), what: `a field of ${rowOrRelated.name}` };
    };

    /** Every `{var}` of `logic` (written at `path`) must name something the context has. */
    const checkVars = (logic: JsonLogic, path: PathSegment[], withRow: boolean, input?: string[]) => {
      const roots = [...CONTEXT_ROOTS.filter((r) => withRow || r !== 'row'), ...(input ? ['input'] : []), ...related.keys()];
      const used = new Set<string>();
      for (const v of logicVars(logic)) {
        const at = [...path, ...v.path];
        const [root, ...members] = v.name.split('.');
        const member = members.at(0);
        const rest = members.slice(1);
        if (root === 'row' && !withRow) {
          report(at, `'editable.when' with 'hide' cannot read the row ('${v.name}'): it decides per related row, so lists can leave read-only rows out. Read a related row instead (e.g. banca.${member ?? 'field'}).`);
          continue;
        }
        if (!roots.includes(root)) {
          report(at, `Unknown name '${v.name}': a condition reads ${roots.map((r) => (r === 'now' || r === 'today' ? r : `${r}.<...>`)).join(', ')}.${didYouMean(root, roots)}`);
          continue;
        }
        used.add(root);
        if (valueLists.has(root)) {
          if (member !== undefined) report(at, `'${root}' is a list of values (related 'values'): read it whole, as { var: ${root} }, not '${v.name}'.`);
          continue;
        }
        if (root === 'now' || root === 'today') {
          if (member !== undefined) report(at, `'${root}' is a date, it has no '${member}'.`);
          continue;
        }
        if (member === undefined || rest.length) {
          report(at, `Name '${v.name}' must be ${root}.<one ${root === 'caller' ? 'fact' : 'field'}>.`);
          continue;
        }
        const scope = membersOf(root, input);
        if (scope && !scope.members.includes(member)) {
          report(at, `'${member}' in '${v.name}' is not ${scope.what}.${didYouMean(member, scope.members)}`);
        }
      }
      return used;
    };

    if (entity.editable) {
      // Without `hide` the condition is decided row by row (a push bank's store: seed 001 §6), so it may read the row.
      const hides = Object.keys(entity.editable.hide).length > 0;
      const used = checkVars(entity.editable.when, ['editable', 'when'], !hides);
      const relatedUsed = [...used].filter((r) => related.has(r));
      for (const name of relatedUsed.filter((r) => hides && valueLists.has(r))) {
        report(['editable', 'when'], `'editable.when' with 'hide' reads '${name}', a list of values: lists decide per related row, so it may read one related row only.`);
      }
      // With `hide` the database decides the condition on the related table (server/crud/logic-sql.ts).
      for (const { op, args, path } of hides ? logicOperators(entity.editable.when) : []) {
        if (!DATABASE_CONDITION_OPERATORS.includes(op)) {
          report(['editable', 'when', ...path], `'editable.when' with 'hide' is decided by the database on the related table: it may use ${DATABASE_CONDITION_OPERATORS.map((o) => `'${o}'`).join(', ')}, not '${op}'.`);
        } else if (op === 'in' && !(Array.isArray(args) && Array.isArray(args[1]))) {
          report(['editable', 'when', ...path], `'in' in 'editable.when' with 'hide' looks a field up in a written list of values: { in: [{ var: banca.<field> }, [value, ...]] }.`);
        }
      }
      if (hides && relatedUsed.length > 1) {
        report(['editable', 'when'], `'editable.when' reads ${relatedUsed.join(' and ')}: with 'hide' it may read one related row only (lists decide per row of it).`);
      }
    }

    if (entity.creatable) checkVars(entity.creatable.when, ['creatable', 'when'], true);
    // A field's write condition reads what `editable` does, the stored row included (docs/spec-language.md#field-access).
    for (const f of entity.fields) {
      if (f.writableWhen) checkVars(f.writableWhen.when, ['fields', f.name, 'writableWhen', 'when'], true);
    }

    // A row check reads the row's fields by name; a dotted name is a related row's field (docs/spec-language.md#success-messages-delete-confirmation-row-checks).
    (entity.checks ?? []).forEach((check, i) => {
      for (const v of logicVars(check.valid)) {
        const parts = v.name.split('.');
        const member = parts.at(1);
        const target = related.get(parts[0]);
        const at = ['checks', i, 'valid', ...v.path];
        if (valueLists.has(parts[0])) {
          report(at, `A row check cannot read '${parts[0]}', a list of values: only conditions on who saves (editable, creatable, guards, writableWhen) do.`);
          continue;
        }
        if (member === undefined || !target) continue;
        if (parts.length > 2) report(at, `Name '${v.name}' must be ${parts[0]}.<one field>.`);
        else if (!fieldsOf(target).includes(member)) report(at, `'${member}' in '${v.name}' is not a field of ${target.name}.${didYouMean(member, fieldsOf(target))}`);
      }
    });
    const checkEffects = (effects: EffectModel[], path: PathSegment[], input?: string[]) => {
      effects.forEach((effect, i) => {
        const at = [...path, i];
        if (effect.kind === 'set') {
          for (const [f, value] of Object.entries(effect.values)) checkVars(value, [...at, 'set', f, 'expr'], true, input);
          return;
        }
        if (effect.kind === 'insert') {
          const e = target(effect.entity, [...at, 'insert', 'entity']);
          for (const [f, value] of Object.entries(effect.values)) {
            if (e && !fieldsOf(e).includes(f)) report([...at, 'insert', 'values', f], `'${f}' is not a field of ${e.name}.${didYouMean(f, fieldsOf(e))}`);
            checkVars(value, [...at, 'insert', 'values', f], true, input);
          }
          if (e && !e.api.operations.includes('create')) report([...at, 'insert', 'entity'], `${e.name} has no create operation: an insert effect creates its row as the API would.`);
          return;
        }
        if (effect.kind === 'outbox') {
          const key = config.find((k) => k.key === effect.target);
          const urlKeys = config.filter((k) => k.type === 'string').map((k) => k.key);
          if (!key || key.type !== 'string') report([...at, 'outbox', 'target'], `Outbox target '${effect.target}' must be a configuration key of type string (its value is the URL the message is posted to).${didYouMean(effect.target, urlKeys)}`);
          for (const [f, value] of Object.entries(effect.payload)) checkVars(value, [...at, 'outbox', 'payload', f], true, input);
          return;
        }
        checkVars(effect.by, [...at, 'adjust', 'by'], true, input);
        const e = target(effect.entity, [...at, 'adjust', 'entity']);
        if (!e) return;
        const field = e.fields.find((f) => f.name === effect.field);
        if (!field) report([...at, 'adjust', 'field'], `'${effect.field}' is not a field of ${e.name}.${didYouMean(effect.field, fieldsOf(e))}`);
        else if (field.type !== 'integer' && field.type !== 'decimal') report([...at, 'adjust', 'field'], `Field ${e.name}.${effect.field} is a ${field.type}: only integer and decimal fields can be adjusted.`);
        for (const f of Object.keys(effect.link)) {
          if (!fieldsOf(e).includes(f)) report([...at, 'adjust', 'link', f], `Link field '${f}' is not a field of ${e.name}.${didYouMean(f, fieldsOf(e))}`);
        }
      });
    };
    for (const states of machinesOf(entity)) {
      const base = machinePath(states);
      for (const [state, enter] of Object.entries(states.enter)) checkEffects(enter.effects, [...base, 'enter', state, 'effects']);
      for (const t of states.transitions) {
        // Only a transition's own guard and effects see its input (entering a state may happen without one).
        const input = t.input?.map((f) => f.name);
        if (t.guard !== undefined) checkVars(t.guard, [...base, 'transitions', t.name, 'guard'], true, input);
        // The form evaluates prefill and lock on the row before anything is typed: they cannot read the input.
        for (const [f, logic] of Object.entries(t.prefill ?? {})) checkVars(logic, [...base, 'transitions', t.name, 'prefill', f], true);
        for (const [f, lock] of Object.entries(t.lock ?? {})) checkVars(lock.when, [...base, 'transitions', t.name, 'lock', f, 'when'], true);
        (t.checks ?? []).forEach((c, i) => checkVars(c.valid, [...base, 'transitions', t.name, 'checks', i, 'valid'], true, input ?? []));
        checkEffects(t.effects, [...base, 'transitions', t.name, 'effects'], input);
      }
    }
  }
}
