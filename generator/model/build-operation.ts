/**
 * Normalizes the custom operations of an `operations:` file. Inputs are declared with the same field
 * language as entities, so they get the same validation and the same Italian messages.
 */
import type { CustomOperationModel } from '../../common/model.js';
import { didYouMean, type Diagnostic } from '../diagnostics.js';
import type { SpecFile } from '../validate/schema-check.js';
import { buildField } from './build-field.js';
import type { RawField } from './spec-types.js';

export function buildOperations(
  { raw, source }: SpecFile<'operations'>, defaults: Record<string, string>, entityNames: string[], diagnostics: Diagnostic[],
): CustomOperationModel[] {
  return Object.entries(raw.operations).map(([name, op]) => {
    const base = ['operations', name];
    const fields = (group: 'params' | 'query' | 'body', list?: Record<string, RawField>) =>
      Object.entries(list ?? {}).map(([f, def]) => {
        // Files travel only through an entity's file field operations (docs/spec-language.md#files).
        if (def.type === 'file') diagnostics.push({ ...source.positionOf([...base, group, f, 'type']), message: `Field '${f}' of operation '${name}' cannot be a file: declare it on an entity (type: file gets its own upload operations).` });
        return buildField(f, def, source, defaults, diagnostics, [...base, group]);
      });
    const modes = [op.public, op.authenticated, op.permission !== undefined].filter(Boolean).length;
    if (modes !== 1) {
      diagnostics.push({ ...source.positionOf(base, { key: true }), message: `Operation '${name}' must declare exactly one of: permission: FUNCTION:ACTION, public: true, authenticated: true.` });
    }
    const declared = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    const params = Object.keys(op.params ?? {});
    if (declared.sort().join(',') !== [...params].sort().join(',')) {
      diagnostics.push({ ...source.positionOf([...base, 'path']), message: `Path parameters of '${name}' (${declared.join(', ') || 'none'}) must each be declared under 'params' (declared: ${params.join(', ') || 'none'}).` });
    }
    if (op.body && op.method === 'get') diagnostics.push({ ...source.positionOf([...base, 'body']), message: `Operation '${name}' is a GET: it cannot have a body; use 'query'.` });
    const entity = op.response?.entity;
    if (entity && !entityNames.includes(entity)) {
      diagnostics.push({ ...source.positionOf([...base, 'response', 'entity']), message: `Response entity '${entity}' is not declared.${didYouMean(entity, entityNames)}` });
    }
    (op.response?.entities ?? []).forEach((e, i) => {
      if (!entityNames.includes(e)) diagnostics.push({ ...source.positionOf([...base, 'response', 'entities', i]), message: `Response entity '${e}' is not declared.${didYouMean(e, entityNames)}` });
    });
    if (op.response?.entities && (op.response.shape !== 'page' || entity)) {
      diagnostics.push({ ...source.positionOf([...base, 'response', 'entities']), message: `Operation '${name}': 'entities' needs shape: page and no 'entity'.` });
    }
    const response = op.response ?? {};
    // The server writes the cookie from the answer's token and lifetime (server/http/session-cookie.ts).
    if (op.session === 'open' && !['access_token', 'expire_in'].every((f) => response.fields?.[f])) {
      diagnostics.push({ ...source.positionOf([...base, 'session']), message: `Operation '${name}': session: open needs the response fields access_token and expire_in.` });
    }
    return {
      name,
      method: op.method,
      path: op.path,
      summary: op.summary,
      access: op.public ? 'public' as const : op.authenticated ? 'authenticated' as const : 'permission' as const,
      ...(op.permission ? { permission: op.permission } : {}),
      handler: op.handler ?? name,
      ...(op.session ? { session: op.session } : {}),
      params: fields('params', op.params),
      query: fields('query', op.query),
      ...(op.body ? { body: fields('body', op.body) } : {}),
      response: {
        status: response.status ?? (response.fields || response.entity || response.list || response.file || response.entities ? 200 : 204),
        ...(response.fields ? { fields: Object.entries(response.fields).map(([f, def]) => buildField(f, def, source, defaults, diagnostics, [...base, 'response', 'fields'])) } : {}),
        ...(entity ? { entity, shape: response.shape ?? 'one' } : {}),
        // `fields` with `shape: list`: an array of such objects (a report's rows).
        ...(response.fields && response.shape === 'list' ? { shape: 'list' as const } : {}),
        ...(response.list ? { list: response.list } : {}),
        ...(response.file ? { file: response.file } : {}),
        ...(response.entities ? { entities: response.entities, shape: 'page' as const } : {}),
      },
      ...(op.indicator ? { indicator: op.indicator } : {}),
      ...(op.successMessage ? { successMessage: op.successMessage } : {}),
      ...(op.throttled ? { throttled: true } : {}),
      ...(op.messages ? { messages: op.messages } : {}),
      ...(op.shellMessages ? { shellMessages: op.shellMessages } : {}),
      source: source.file,
    };
  });
}
