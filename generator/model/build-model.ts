/**
 * Resolves validated spec files into the one normalized Model every emitter reads.
 * Collects every mistake of every file before giving up, so an analyst fixes them in one round.
 */
import type { EntityModel, Model, PageModel, ShellModel } from '../../common/model.js';
import type { Diagnostic } from '../diagnostics.js';
import type { SourceFile } from '../load/source-file.js';
import type { SpecKind } from '../validate/schema-check.js';
import { buildBindings } from './build-bindings.js';
import { buildConfig } from './build-config.js';
import { buildEntity } from './build-entity.js';
import { buildOperations } from './build-operation.js';
import { checkIndicators } from './check-indicators.js';
import { checkCrossReferences, type Located } from './check-cross-references.js';
import { checkDemo } from './check-demo.js';
import { checkLifecycles } from './check-lifecycle.js';
import type { RawDemo, RawDropEntities, RawEntity, RawFunctions, RawMessages, RawPages } from './spec-types.js';

export function buildModel(files: { kind: SpecKind; source: SourceFile }[]): { model?: Model; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const ofKind = (kind: SpecKind) => files.filter((f) => f.kind === kind).map((f) => f.source);

  // T names the raw shape that the kind's JSON Schema has already validated (generator/validate/).
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the generic is that claim
  const single = <T>(kind: SpecKind, expected: string): { raw: T; source: SourceFile } | undefined => {
    const found = ofKind(kind);
    if (found.length === 1) return { raw: found[0].data as T, source: found[0] };
    if (found.length === 0) diagnostics.push({ file: 'spec', line: 1, column: 1, message: `No ${kind} file found: add ${expected}.` });
    else found.slice(1).forEach((s) => diagnostics.push({ ...s.positionOf([kind]), message: `Only one ${kind} file is allowed; the first is ${found[0].file}. Merge them.` }));
    return undefined;
  };
  const functions = single<RawFunctions>('functions', 'spec/platform/functions.yaml');
  const messages = single<RawMessages>('messages', 'spec/platform/messages.yaml');
  if (!functions || !messages) return { diagnostics };

  const validationDefaults = messages.raw.messages.validation;
  const entities: Located<EntityModel>[] = ofKind('entity').map((source) => ({
    value: buildEntity(source.data as RawEntity, source, validationDefaults, diagnostics),
    source,
  }));

  const pages: Located<PageModel>[] = [];
  const pageSources: { source: SourceFile; index: number }[] = [];
  for (const source of ofKind('pages')) {
    (source.data as RawPages).pages.forEach((p, index) => {
      pages.push({
        value: {
          route: p.route, component: p.component, title: p.title ?? p.component, public: p.public ?? false,
          ...(p.permission ? { permission: p.permission } : {}),
          ...(p.menu ? { menu: { group: p.menu.group, label: p.menu.label ?? p.title ?? p.component, order: p.menu.order ?? 100 } } : {}),
        },
        source,
      });
      pageSources.push({ source, index });
    });
  }

  const entityNames = entities.map((e) => e.value.name);
  const operations = ofKind('operations').flatMap((source) =>
    buildOperations(source, validationDefaults, entityNames, diagnostics).map((value) => ({ value, source })));

  checkCrossReferences(entities, pages, pageSources, functions.raw.functions, functions.raw.actions, diagnostics, operations);
  checkLifecycles(entities, diagnostics);
  const shell = buildShell(ofKind('pages'), new Set([...pages.map((p) => p.value.route), ...entities.flatMap((e) => [e.value.list?.route, e.value.form?.route])]), diagnostics);

  const bindings = buildBindings(ofKind('bindings'), entities.map((e) => e.value), diagnostics);
  const demoFiles = ofKind('demo').map((source) => ({ raw: source.data as RawDemo, source }));
  const model: Model = {
    shell,
    entities: entities.map((e) => e.value),
    operations: operations.map((o) => o.value),
    pages: pages.map((p) => p.value),
    functions: functions.raw.functions,
    actions: functions.raw.actions,
    messages: messages.raw.messages,
    demo: [...demoFiles]
      .sort((a, b) => (a.raw.order ?? 100) - (b.raw.order ?? 100) || a.source.file.localeCompare(b.source.file))
      .map(({ raw }) => ({ entity: raw.demo, rows: raw.rows })),
    dropEntities: buildDropEntities(ofKind('dropEntities'), new Set(entityNames), diagnostics),
    config: buildConfig(ofKind('config'), diagnostics),
    ...(bindings ? { bindings } : {}),
  };
  checkIndicators(operations, model, diagnostics);
  if (diagnostics.length === 0) checkDemo(demoFiles, model, diagnostics);
  return diagnostics.length ? { diagnostics } : { model, diagnostics };
}

/** The landing rules and e-mail warning groups; a landing route must be one the spec declares. */
function buildShell(sources: SourceFile[], routes: Set<string | undefined>, diagnostics: Diagnostic[]): ShellModel {
  const withLanding = sources.filter((s) => (s.data as RawPages).landing);
  withLanding.slice(1).forEach((s) => diagnostics.push({ ...s.positionOf(['landing']), message: `Only one 'landing' is allowed; the first is in ${withLanding[0].file}.` }));
  const source = withLanding[0];
  const landing = source ? (source.data as RawPages).landing : undefined;
  if (source && landing) {
    const check = (route: string, path: (string | number)[]) => {
      // /wpbusiness/home belongs to the shell itself, not to a spec route.
      if (!routes.has(route) && !route.startsWith('/wpbusiness')) diagnostics.push({ ...source.positionOf(path), message: `Landing route '${route}' is not a route of any entity or page.` });
    };
    check(landing.assistance, ['landing', 'assistance']);
    landing.bank.forEach((r, i) => check(r, ['landing', 'bank', i]));
  }
  const pageWindow = sources.map((s) => (s.data as RawPages).pageWindow).find((w) => w !== undefined);
  return {
    ...(landing ? { landing } : {}),
    emailWarningGroups: sources.flatMap((s) => (s.data as RawPages).emailWarningGroups ?? []),
    ...(pageWindow !== undefined ? { pageWindow } : {}),
  };
}

/** Entities dropped on purpose; one still in the spec cannot be dropped. */
function buildDropEntities(sources: SourceFile[], current: Set<string>, diagnostics: Diagnostic[]): string[] {
  return sources.flatMap((source) => (source.data as RawDropEntities).dropEntities.filter((name, i) => {
    if (!current.has(name)) return true;
    diagnostics.push({ ...source.positionOf(['dropEntities', i]), message: `Entity ${name} is still in the spec: remove its file to drop its table, or remove it from 'dropEntities' to keep it.` });
    return false;
  }));
}
