/**
 * The application frames of spec/ui/pages.yaml `shells` (docs/spec-language.md#shells): each shell's prefix,
 * login, layout, menu, home, kinds of user and landing, and which entity and page routes belong to it. Every
 * mistake is a diagnostic at the offending text: a page or entity in no shell (or in two), a route outside its
 * shell's prefix or under another shell's, two shells on one prefix, a kind of user in no shell (or in two), a
 * landing route that is not the shell's. A spec without `shells` gets one shell at `/` for every kind of user.
 */
import type { ShellDef, UserKind } from '../../common/model.js';
import type { Diagnostic } from '../diagnostics.js';
import { underPrefix } from '../../common/shells.js';
import type { SourceFile } from '../load/source-file.js';
import type { SpecFile } from '../validate/schema-check.js';
import type { Located, LocatedEntity } from './check-cross-references.js';
import type { RawShell } from './spec-types.js';

const USER_KINDS: readonly UserKind[] = ['bank', 'assistance', 'merchant'];

interface Member { route: string; source: SourceFile; path: (string | number)[]; what: string }

export function buildShells(
  files: SpecFile<'pages'>[], entities: LocatedEntity[], pages: Located<{ route: string; public?: boolean }>[],
  pageSources: { source: SourceFile; index: number }[], diagnostics: Diagnostic[],
): ShellDef[] {
  const declared = files.filter((f) => f.raw.shells);
  declared.slice(1).forEach((f) => diagnostics.push({ ...f.source.positionOf(['shells'], { key: true }), message: `Only one 'shells' is allowed; the first is in ${declared[0].source.file}.` }));
  const file = declared.at(0);
  const entityMembers = (e: LocatedEntity): Member[] => [e.value.list?.route, e.value.form?.route]
    .flatMap((route) => (route ? [{ route, source: e.source, path: ['entity'], what: `Entity ${e.value.name}` }] : []));
  const pageMember = (route: string, i: number): Member => {
    const at = pageSources.at(i) ?? { source: pages[i].source, index: 0 };
    return { route, source: at.source, path: ['pages', at.index, 'route'], what: `Page '${route}'` };
  };
  // Form views (docs/spec-language.md#form-views) go by their route, not by their entity: to the shell with the
  // longest prefix (its own or one it is `alsoUnder`) the route lies under.
  const viewMembers = entities.flatMap((e) => (e.value.form?.views ?? []).map((v, i): Member => ({ route: v.route, source: e.source, path: ['form', 'views', i, 'route'], what: `Form view of ${e.value.name}` })));
  if (!file?.raw.shells) {
    return [{
      name: 'main', prefix: '/', alsoUnder: [], title: 'WebPOS', login: { realm: 'bank', title: 'Accesso' }, layout: 'sidebar', menu: 'spec',
      home: '/home', publicHome: false, users: [...USER_KINDS], landing: {},
      routes: [...entities.flatMap(entityMembers).map((m) => m.route), ...viewMembers.map((m) => m.route), ...pages.map((p) => p.value.route)],
    }];
  }
  const { source } = file;
  const raw = Object.entries(file.raw.shells);
  const at = (name: string, ...path: (string | number)[]) => source.positionOf(['shells', name, ...path]);

  // A login page's registration link opens a public page (a visitor has no session).
  for (const [name, shell] of raw) {
    const register = shell.login.register;
    if (register && !pages.some((p) => p.value.route === register.route && p.value.public)) {
      diagnostics.push({ ...at(name, 'login', 'register', 'route'), message: `The registration page '${register.route}' of shell '${name}' is not a public page: declare it in 'pages' with public: true.` });
    }
  }

  // Kinds of user: each in exactly one shell.
  const kindOwner = new Map<UserKind, string>();
  for (const [name, shell] of raw) {
    shell.users.forEach((kind, i) => {
      const owner = kindOwner.get(kind);
      if (owner) diagnostics.push({ ...at(name, 'users', i), message: `Users of kind '${kind}' already belong to shell '${owner}'.` });
      else kindOwner.set(kind, name);
    });
  }
  USER_KINDS.filter((k) => !kindOwner.has(k)).forEach((kind) => diagnostics.push({ ...source.positionOf(['shells'], { key: true }), message: `No shell is for users of kind '${kind}': add it to the 'users' of one shell.` }));

  // Prefixes: distinct; a nested prefix claims its routes from the outer shell.
  raw.forEach(([name, shell], i) => {
    const same = raw.slice(0, i).find(([, other]) => other.prefix === shell.prefix);
    if (same) diagnostics.push({ ...at(name, 'prefix'), message: `Shells '${same[0]}' and '${name}' have the same prefix '${shell.prefix}'.` });
  });

  // Membership: listed names and routes, then `all` for the rest.
  const members = new Map<string, Member[]>(raw.map(([name]) => [name, []]));
  const claim = <T>(kind: 'entities' | 'pages', items: T[], key: (item: T) => string, toMembers: (item: T, index: number) => Member[], what: string) => {
    const owner = new Map<string, string>();
    for (const [name, shell] of raw) {
      const listed = shell[kind];
      if (!Array.isArray(listed)) continue;
      listed.forEach((k, i) => {
        const index = items.findIndex((item) => key(item) === k);
        if (index < 0) diagnostics.push({ ...at(name, kind, i), message: `${what} '${k}' of shell '${name}' is not in the spec.` });
        else if (owner.has(k)) diagnostics.push({ ...at(name, kind, i), message: `${what} '${k}' already belongs to shell '${String(owner.get(k))}'.` });
        else { owner.set(k, name); members.get(name)?.push(...toMembers(items[index], index)); }
      });
    }
    const catchAll = raw.filter(([, shell]) => shell[kind] === 'all');
    catchAll.slice(1).forEach(([name]) => diagnostics.push({ ...at(name, kind), message: `Only one shell may take all ${kind}; '${catchAll[0][0]}' already does.` }));
    items.forEach((item, index) => {
      if (owner.has(key(item))) return;
      const all = catchAll.at(0);
      if (all) members.get(all[0])?.push(...toMembers(item, index));
      else toMembers(item, index).slice(0, 1).forEach((m) => diagnostics.push({ ...m.source.positionOf(m.path), message: `${m.what} belongs to no shell: list it in the '${kind}' of one shell of ${source.file}, or give one shell '${kind}: all'.` }));
    });
  };
  claim('entities', entities.filter((e) => entityMembers(e).length > 0), (e) => e.value.name, entityMembers, 'Entity');
  claim('pages', pages, (p) => p.value.route, (p, i) => [pageMember(p.value.route, i)], 'Page');

  const prefixesOf = (shell: RawShell) => [shell.prefix, ...(shell.alsoUnder ?? [])];
  raw.forEach(([name, shell]) => (shell.alsoUnder ?? []).forEach((extra, i) => {
    const taken = raw.find(([, other]) => prefixesOf(other).includes(extra) && other !== shell) ?? (shell.prefix === extra ? [name] : undefined);
    if (taken) diagnostics.push({ ...at(name, 'alsoUnder', i), message: `Prefix '${extra}' of shell '${name}' is already the prefix of shell '${taken[0]}'.` });
  }));
  // The shell with the longest prefix a route lies under, and that prefix's length.
  const deepest = (route: string) => raw
    .flatMap(([name, shell]) => prefixesOf(shell).filter((p) => underPrefix(route, p)).map((p) => ({ name, length: p.length })))
    .sort((a, b) => b.length - a.length).at(0);

  // Every route under its own shell's prefix and under no more specific prefix of another shell.
  for (const [name, shell] of raw) {
    for (const m of members.get(name) ?? []) {
      const pos = m.source.positionOf(m.path);
      const own = prefixesOf(shell).filter((p) => underPrefix(m.route, p)).map((p) => p.length);
      if (!own.length) diagnostics.push({ ...pos, message: `${m.what}: route '${m.route}' of shell '${name}' is not under its prefix '${shell.prefix}'.` });
      const inner = raw.flatMap(([other, o]) => (other === name ? [] : prefixesOf(o).filter((p) => p.length > Math.max(0, ...own) && underPrefix(m.route, p)).map((p) => [other, p] as const))).at(0);
      if (own.length && inner) diagnostics.push({ ...pos, message: `${m.what}: route '${m.route}' of shell '${name}' lies under the prefix '${inner[1]}' of shell '${inner[0]}'; list it in that shell.` });
    }
  }
  for (const m of viewMembers) {
    const owner = deepest(m.route);
    if (owner) members.get(owner.name)?.push(m);
    else diagnostics.push({ ...m.source.positionOf(m.path), message: `${m.what}: route '${m.route}' lies under no shell's prefix: add one to a shell's 'alsoUnder'.` });
  }

  return raw.map(([name, shell]) => buildShell(name, shell, (members.get(name) ?? []).map((m) => m.route), at, diagnostics));
}

function buildShell(
  name: string, shell: RawShell, routes: string[], at: (name: string, ...path: (string | number)[]) => Omit<Diagnostic, 'message'>, diagnostics: Diagnostic[],
): ShellDef {
  if (!underPrefix(shell.home, shell.prefix)) diagnostics.push({ ...at(name, 'home'), message: `Home '${shell.home}' of shell '${name}' is not under its prefix '${shell.prefix}'.` });
  const own = new Set([shell.home, ...routes]);
  const landing: Partial<Record<UserKind, string[]>> = {};
  for (const kind of USER_KINDS) {
    const value = shell.landing?.[kind];
    if (value === undefined) continue;
    const list = typeof value === 'string' ? [value] : value;
    if (!shell.users.includes(kind)) diagnostics.push({ ...at(name, 'landing', kind), message: `Shell '${name}' lands users of kind '${kind}' but is not for them (its users: ${shell.users.join(', ')}).` });
    list.forEach((route, i) => {
      if (!own.has(route)) diagnostics.push({ ...at(name, 'landing', kind, ...(typeof value === 'string' ? [] : [i])), message: `Landing route '${route}' is not a route of shell '${name}' (its home or one of its entities' or pages' routes).` });
    });
    landing[kind] = list;
  }
  return {
    name, prefix: shell.prefix, alsoUnder: shell.alsoUnder ?? [], title: shell.title, login: shell.login, layout: shell.layout, menu: shell.menu,
    home: shell.home, publicHome: shell.publicHome ?? false, users: shell.users, landing, routes,
  };
}
