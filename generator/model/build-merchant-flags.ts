/**
 * Functions that depend on the caller's merchant (functions.yaml `requiresMerchantFlag`): each names a yes/no
 * field of the merchants' own entity (bindings.yaml `merchantEntity`). Checked here so a misspelt or non-boolean
 * flag fails `npm run gen` at its line instead of withholding the function from every merchant at run time.
 */
import type { Bindings } from '../../common/bindings.js';
import type { EntityModel } from '../../common/model.js';
import { didYouMean, type Diagnostic } from '../diagnostics.js';
import type { SpecFile } from '../validate/schema-check.js';

/** The catalogue's labels, whichever form each function is written in. */
export function functionLabels(file: SpecFile<'functions'>): Record<string, string> {
  return Object.fromEntries(Object.entries(file.raw.functions).map(([fn, v]) => [fn, typeof v === 'string' ? v : v.label]));
}

export function buildMerchantFlags(
  file: SpecFile<'functions'>, bindings: Bindings | undefined, entities: EntityModel[], diagnostics: Diagnostic[],
): Record<string, string> | undefined {
  const flags: Record<string, string> = {};
  for (const [fn, value] of Object.entries(file.raw.functions)) {
    if (typeof value === 'string') continue;
    const flag = value.requiresMerchantFlag;
    const at = file.source.positionOf(['functions', fn, 'requiresMerchantFlag']);
    const name = bindings?.merchantEntity;
    const entity = entities.find((e) => e.name === name);
    if (!entity) {
      // Without bindings, or with a merchantEntity already reported there, say it once per function.
      if (bindings && name === undefined) {
        diagnostics.push({ ...at, message: `Function ${fn} requires the merchant flag ${flag}, but spec/platform/bindings.yaml names no merchantEntity: add merchantEntity: <the entity of the merchants> under bindings.` });
      }
      continue;
    }
    const field = entity.fields.find((f) => f.name === flag);
    if (!field) {
      diagnostics.push({ ...at, message: `Function ${fn}: ${entity.name} has no field ${flag}.${didYouMean(flag, entity.fields.filter((f) => f.type === 'boolean').map((f) => f.name))}` });
    } else if (field.type !== 'boolean') {
      diagnostics.push({ ...at, message: `Function ${fn}: ${entity.name}.${flag} is a ${field.type}, a merchant flag must be a boolean field.` });
    } else {
      flags[fn] = flag;
    }
  }
  return Object.keys(flags).length ? flags : undefined;
}
