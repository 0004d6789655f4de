/**
 * Configuration keys (seed 000 §7: GET config/{key}, config/exists/{a}/{b}). The keys, their types and
 * defaults are spec/platform/config.yaml (generated/model.json `config`); an administrator's value for a
 * key is a row of table configurazione and wins over the default. Changes are in the audit trail.
 */
import type { ConfigKeyModel } from '../../../common/model.js';
import { configHas, configValueProblem, normalizeConfigValue } from '../../../common/config-values.js';
import type { RuntimeModel } from '../../artifacts.js';
import type { Row } from '../../crud/row-mapping.js';
import { ApiError } from '../../http/api-error.js';
import { textOrNull } from '../../records.js';
import { callerIn, type DomainContext, type DomainHandler } from '../handler.js';

const STORE = 'Configurazione';

function keyOf(model: RuntimeModel, name: string): ConfigKeyModel {
  const key = model.config.find((k) => k.key === name);
  if (!key) throw new ApiError('UNKNOWN_CONFIG_KEY');
  return key;
}

/** What GET config/{key} answers: the value in force, the default and whether an administrator changed it. */
function entry(key: ConfigKeyModel, stored: Row | undefined): Row {
  return {
    key: key.key,
    label: key.label,
    description: key.description ?? null,
    type: key.type,
    value: stored ? stored.valore : key.default,
    defaultValue: key.default,
    overridden: stored !== undefined,
  };
}

/** The administrators' values: no data scope (every caller reads the same keys); changes are audited. */
const storeOf = (ctx: DomainContext) => ctx.service(STORE);

const getConfig: DomainHandler = async (ctx) => {
  const key = keyOf(ctx.model, ctx.params.key);
  return entry(key, await storeOf(ctx).find({ chiave: key.key }, ctx.caller));
};

/** Every key of the spec, in its order, with the value in force (one read of the administrators' values). */
const listConfig: DomainHandler = async (ctx) => {
  const stored = new Map((await storeOf(ctx).listAll(ctx.caller)).map((r) => [String(r.chiave), r]));
  return ctx.model.config.map((key) => entry(key, stored.get(key.key)));
};

/** For a list, whether {value} is one of its items (is bank 30480 in TRANSATO_DOWNLOAD_ASINCRONO_ABI); else equality. */
const configExists: DomainHandler = async (ctx) => {
  const key = keyOf(ctx.model, ctx.params.key);
  const { value } = entry(key, await storeOf(ctx).find({ chiave: key.key }, ctx.caller));
  return { exists: configHas(key, textOrNull(value), ctx.params.value) };
};

const setConfig: DomainHandler = async (ctx) => {
  const key = keyOf(ctx.model, ctx.params.key);
  const value = normalizeConfigValue(key, String(ctx.body.value));
  const problem = configValueProblem(key, value);
  if (problem) throw new ApiError('VALIDATION_ERROR', [{ field: 'value', message: ctx.model.messages.validation[problem] ?? ctx.model.messages.validation.fallback }]);
  const { username } = callerIn(ctx);
  return ctx.transaction(async (service) => {
    const store = service(STORE);
    const row = { chiave: key.key, valore: value, updatedAt: new Date().toISOString(), updatedBy: username };
    const saved = (await store.find({ chiave: key.key })) ? await store.update({ chiave: key.key }, row, ctx.caller) : await store.create(row, ctx.caller);
    return entry(key, saved);
  });
};

/** Back to the spec's default: the administrator's value is removed. */
const resetConfig: DomainHandler = async (ctx) => {
  const key = keyOf(ctx.model, ctx.params.key);
  return ctx.transaction(async (service) => {
    const store = service(STORE);
    if (await store.find({ chiave: key.key })) await store.delete({ chiave: key.key }, ctx.caller);
    return entry(key, undefined);
  });
};

export const configHandlers: Record<string, DomainHandler> = { listConfig, getConfig, configExists, setConfig, resetConfig };
