/**
 * `states: inherit` on a view (docs/spec-language.md#a-views-transitions): the view runs the state machines of the
 * entity it shows, the same transitions with the same permissions, checks, locks, effects and messages, written
 * once on that entity. The machines are the entity's own, read again against the view's fields, so a view that
 * leaves out a field a transition reads or sets is refused at its `states: inherit` line.
 */
import type { Diagnostic } from '../diagnostics.js';
import type { SpecFile } from '../validate/schema-check.js';

export function withInheritedStates(files: SpecFile<'entity'>[], diagnostics: Diagnostic[]): SpecFile<'entity'>[] {
  const byName = new Map(files.map((f) => [f.raw.entity, f.raw]));
  return files.map((file) => {
    const { raw, source } = file;
    if (raw.states !== 'inherit') return file;
    const at = source.positionOf(['states']);
    if (!raw.viewOf) {
      diagnostics.push({ ...at, message: `states: inherit takes the state machines of the entity a view shows: ${raw.entity} has no viewOf.` });
      return file;
    }
    const base = byName.get(raw.viewOf);
    // An unknown viewOf is reported where the views are checked.
    if (!base) return file;
    if (!base.states || base.states === 'inherit') {
      diagnostics.push({ ...at, message: `states: inherit: ${raw.viewOf} declares no state machine of its own for ${raw.entity} to run.` });
      return file;
    }
    return { source, raw: { ...raw, states: structuredClone(base.states) } };
  });
}
