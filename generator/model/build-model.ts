/**
 * Resolves validated spec files into the one normalized Model every emitter reads.
 * Collects every mistake of every file before giving up, so an analyst fixes them in one round.
 */
import type { DemoDataModel, Model, PageModel, ShellModel } from '../../common/model.js';
import type { Diagnostic } from '../diagnostics.js';
import type { SourceFile } from '../load/source-file.js';
import type { SpecFile, SpecFiles, SpecKind } from '../validate/schema-check.js';
import type { RawMessages } from './spec-types.js';
import { buildBindings } from './build-bindings.js';
import { buildConfig } from './build-config.js';
import { buildDashboard } from './build-dashboard.js';
import { buildEntity } from './build-entity.js';
import { buildMerchantFlags, functionLabels } from './build-merchant-flags.js';
import { formatDefaultKey } from './build-field.js';
import { buildOperations } from './build-operation.js';
import { buildReport } from './build-report.js';
import { buildShells } from './build-shells.js';
import { checkIndicators } from './check-indicators.js';
import { checkEnabledBy } from './check-enabled-by.js';
import { checkCrossReferences, type Located, type LocatedEntity } from './check-cross-references.js';
import { checkDemo } from './check-demo.js';
import { withDemoFiles, type SpecFileReader } from './demo-files.js';
import { checkFormOperations } from './check-form-operations.js';
import { checkLifecycles } from './check-lifecycle.js';
import { checkListOperations } from './check-list-operations.js';
import { checkListSummaries } from './check-list-summaries.js';
import { checkMenuIcons } from './check-menu-icons.js';
import { withInheritedStates } from './inherit-states.js';

export function buildModel(files: SpecFiles, readSpecFile?: SpecFileReader): { model?: Model; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const ofKind = <K extends SpecKind>(kind: K): SpecFile<K>[] => files[kind];

  const single = <K extends SpecKind>(kind: K, expected: string): SpecFile<K> | undefined => {
    const found = ofKind(kind);
    if (found.length === 1) return found[0];
    if (found.length === 0) diagnostics.push({ file: 'spec', line: 1, column: 1, message: `No ${kind} file found: add ${expected}.` });
    else found.slice(1).forEach((s) => diagnostics.push({ ...s.source.positionOf([kind]), message: `Only one ${kind} file is allowed; the first is ${found[0].source.file}. Merge them.` }));
    return undefined;
  };
  const functions = single('functions', 'spec/platform/functions.yaml');
  const messages = single('messages', 'spec/platform/messages.yaml');
  if (!functions || !messages) return { diagnostics };
  const functionCatalogue = functionLabels(functions);

  const validationDefaults = { ...messages.raw.messages.validation, ...formatDefaults(messages.raw.messages.formats) };
  const entities: LocatedEntity[] = withInheritedStates(ofKind('entity'), diagnostics).map(({ raw, source }) => ({
    value: buildEntity(raw, source, validationDefaults, diagnostics),
    source,
    raw,
  }));

  const pages: Located<PageModel>[] = [];
  const pageSources: { source: SourceFile; index: number }[] = [];
  for (const { raw, source } of ofKind('pages')) {
    raw.pages.forEach((p, index) => {
      pages.push({
        value: {
          route: p.route, component: p.component, title: p.title ?? p.component, public: p.public ?? false,
          ...(p.permission ? { permission: p.permission } : {}),
          ...(p.menu ? { menu: { group: p.menu.group, label: p.menu.label ?? p.title ?? p.component, order: p.menu.order ?? 100, ...(p.menu.icon ? { icon: p.menu.icon } : {}) } } : {}),
        },
        source,
      });
      pageSources.push({ source, index });
    });
  }

  const entityNames = entities.map((e) => e.value.name);
  const operations = ofKind('operations').flatMap((file) =>
    buildOperations(file, validationDefaults, entityNames, diagnostics).map((value) => ({ value, source: file.source })));

  checkCrossReferences(entities, pages, pageSources, functionCatalogue, functions.raw.actions, diagnostics, operations);
  checkFormOperations(entities, operations, diagnostics);
  checkListOperations(entities, operations, diagnostics);
  const config = buildConfig(ofKind('config'), diagnostics);
  checkLifecycles(entities, diagnostics, config);
  checkEnabledBy(entities, config, diagnostics);
  const shell = buildShell(ofKind('pages'), entities, pages, pageSources, diagnostics);
  const located = ofKind('report').flatMap((file) => {
    const value = buildReport(file, entities.map((e) => e.value), functionCatalogue, functions.raw.actions, diagnostics);
    return value ? [{ value, source: file.source }] : [];
  });
  const reports = located.map((r) => r.value);
  checkListSummaries(entities, reports, diagnostics);
  const dashboards = ofKind('dashboard').flatMap((file) => buildDashboard(file, reports, entities.map((e) => e.value), diagnostics) ?? []);
  checkMenuIcons(entities, pages, pageSources, ofKind('pages'), diagnostics, located);

  const bindings = buildBindings(ofKind('bindings'), entities.map((e) => e.value), diagnostics);
  const merchantFlags = buildMerchantFlags(functions, bindings, entities.map((e) => e.value), diagnostics);
  const demoFiles = ofKind('demo');
  const model: Model = {
    shell,
    entities: entities.map((e) => e.value),
    operations: operations.map((o) => o.value),
    pages: pages.map((p) => p.value),
    functions: functionCatalogue,
    ...(merchantFlags ? { merchantFlags } : {}),
    actions: functions.raw.actions,
    messages: messages.raw.messages,
    demo: [...demoFiles]
      .sort((a, b) => (a.raw.order ?? 100) - (b.raw.order ?? 100) || a.source.file.localeCompare(b.source.file))
      .map(({ raw, source }) => {
        const demo: DemoDataModel = { entity: raw.demo, rows: raw.rows };
        const entity = entities.find((e) => e.value.name === raw.demo)?.value;
        return entity ? withDemoFiles(demo, entity, source, readSpecFile, diagnostics) : demo;
      }),
    dropEntities: buildDropEntities(ofKind('dropEntities'), new Set(entityNames), diagnostics),
    config,
    ...(bindings ? { bindings } : {}),
    reports,
    ...(dashboards.length ? { dashboards } : {}),
  };
  checkIndicators(operations, model, diagnostics);
  if (diagnostics.length === 0) checkDemo(demoFiles, model, diagnostics);
  return diagnostics.length ? { diagnostics } : { model, diagnostics };
}

/** The shells, e-mail warning groups and page window of spec/ui/pages.yaml. */
function buildShell(
  files: SpecFile<'pages'>[], entities: LocatedEntity[], pages: Located<PageModel>[], pageSources: { source: SourceFile; index: number }[], diagnostics: Diagnostic[],
): ShellModel {
  const pageWindow = files.map((f) => f.raw.pageWindow).find((w) => w !== undefined);
  return {
    shells: buildShells(files, entities, pages, pageSources, diagnostics),
    emailWarningGroups: files.flatMap((f) => f.raw.emailWarningGroups ?? []),
    menuGroups: Object.fromEntries(files.flatMap((f) => Object.entries(f.raw.menuGroups ?? {}))),
    ...(pageWindow !== undefined ? { pageWindow } : {}),
  };
}

/** Entities dropped on purpose; one still in the spec cannot be dropped. */
function buildDropEntities(files: SpecFile<'dropEntities'>[], current: Set<string>, diagnostics: Diagnostic[]): string[] {
  return files.flatMap(({ raw, source }) => raw.dropEntities.filter((name, i) => {
    if (!current.has(name)) return true;
    diagnostics.push({ ...source.positionOf(['dropEntities', i]), message: `Entity ${name} is still in the spec: remove its file to drop its table, or remove it from 'dropEntities' to keep it.` });
    return false;
  }));
}

/** The named formats' messages (messages.yaml `formats`) as validation defaults a field resolves by key. */
function formatDefaults(formats: RawMessages['messages']['formats']): Record<string, string> {
  return Object.fromEntries(Object.entries(formats).flatMap(([format, byReason]) =>
    Object.entries(byReason).map(([reason, text]) => [formatDefaultKey(format, reason), text])));
}
