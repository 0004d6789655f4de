/**
 * Accessibility and phone layout of every route (issue 15 items 6, 7). The routes come from the manifest, not
 * from a hand list, so a new entity or extension page is walked without touching this file: each list, each
 * form in create mode where the persona may create, each record page on one demo row, each extension page,
 * /home (or the business home), the login pages, the 404 page and the "Non autorizzato" page. The personas walk in
 * order, widest access first, and each screen (a route and the kind of visit, read-only records apart) is walked by
 * the first persona that can open it; later personas walk their landing page and the screens only they reach.
 * On each page:
 *  - axe-core (WCAG 2.0/2.1 A and AA, 2.2 AA) finds no serious or critical violation;
 *  - there is exactly one h1, no heading skips a level below the one before it (h1 then h3), and the tab's title
 *    names the page (not the bare application name);
 *  - at 390 x 844 the page does not scroll sideways (wide tables scroll inside their own box).
 * Each persona logs in once and one page walks all its routes; a page counts as shown once its h1 is visible
 * and no loader is left. Findings are gathered over the whole walk and compared at the end, so one run lists
 * them all.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import manifest from '../../generated/manifest.json' with { type: 'json' };
import { defaultPeriod } from '../../common/search-period';
import { expect, test } from './support/fixtures';
import { DEMO_PASSWORD } from './support/steps';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);
const APP_NAME = 'WebPOS';
const TITLE_SUFFIX = ` · ${APP_NAME}`;
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const NOT_FOUND_PATH = '/questa-pagina-non-esiste';
const BUSY = '.mantine-Loader-root, .mantine-Skeleton-root, .mantine-LoadingOverlay-root, [aria-busy="true"]';

interface Persona { username: string; realm: 'bank' | 'merchant' }
const PERSONAS: Persona[] = [
  { username: 'assistenza', realm: 'bank' },
  { username: 'sede.30480', realm: 'bank' },
  { username: 'filiale.30480', realm: 'bank' },
  { username: 'merchant.0001234', realm: 'merchant' },
  { username: 'operatore.0001234', realm: 'merchant' },
];

interface ManifestFilter { param: string; type: string; reference?: string }
interface ManifestEntity {
  path: string;
  columns?: { field: string; reference?: string }[];
  key: string[];
  formRoute?: string;
  operations: string[];
  permissions: Record<string, string | undefined>;
  filters?: ManifestFilter[];
  requireOneFilter?: { params: string[] };
  period?: { from: string; to: string; defaultMonths: number };
}
interface ManifestRoute { path: string; kind: string; entity?: string; permission?: string; public?: boolean; shell?: string; readOnly?: boolean }
const entities: Record<string, ManifestEntity | undefined> = manifest.entities;
const routes: ManifestRoute[] = manifest.routes;
const API = manifest.apiBase;

/**
 * A page to show. `screen` names what is on it: the route's pattern and the visit's kind, so the same record page
 * opened on another persona's row is the same screen (the walk's slow checks run once per screen).
 */
interface Visit { path: string; label: string; screen: string }
interface Finding { persona: string; path: string; rule: string; detail: string }

type Row = Record<string, unknown>;

function paramsOf(pattern: string): { name: string; optional: boolean }[] {
  return [...pattern.matchAll(/:(\w+)(\?)?/g)].map((m) => ({ name: m[1], optional: m[2] === '?' }));
}

/** `pattern` with its parameters from `row`, or without its optional ones when `row` is undefined. */
function fill(pattern: string, row?: Row): string | undefined {
  const scalar = (value: unknown) => typeof value === 'string' || typeof value === 'number';
  if (paramsOf(pattern).some((p) => !p.optional && !scalar(row?.[p.name]))) return undefined;
  return pattern.replace(/\/:(\w+)\??/g, (_all, name: string) => {
    const value = row?.[name];
    return typeof value === 'string' || typeof value === 'number' ? `/${encodeURIComponent(String(value))}` : '';
  });
}

async function getJson(request: APIRequestContext, path: string, query?: Record<string, string>): Promise<unknown> {
  const answer = await request.get(`${API}${path}`, query ? { params: query } : {});
  return answer.ok() ? answer.json() : undefined;
}

const FIRST_PAGE = { page: '0', size: '20' };

function resultsOf(answer: unknown): Row[] {
  if (typeof answer !== 'object' || answer === null || !('results' in answer) || !Array.isArray(answer.results)) return [];
  return answer.results.filter((r): r is Row => typeof r === 'object' && r !== null);
}

/**
 * The paths of the entity's list: its own, or, for a list under a parent row (`gruppi/{groupName}/ruoli`, the
 * roles of a group), one per row of the referenced entity the path parameter names (the groups the caller sees).
 */
async function listPaths(request: APIRequestContext, entity: ManifestEntity): Promise<string[]> {
  const params = [...entity.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  if (params.length === 0) return [`/${entity.path}`];
  const reference = entity.columns?.find((c) => c.field === params[0])?.reference;
  const target = reference ? entities[reference] : undefined;
  const targetKey = target?.key[0];
  if (params.length > 1 || !target || !targetKey || target.key.length !== 1 || target.path.includes('{')) return [];
  return resultsOf(await getJson(request, `/${target.path}`, FIRST_PAGE)).map((r) => r[targetKey])
    .filter((v) => typeof v === 'string' || typeof v === 'number')
    .map((v) => `/${entity.path.replace(`{${params[0]}}`, encodeURIComponent(String(v)))}`);
}

/**
 * One row of `entityName` the caller may read: the first of its list (of the first parent row that has one),
 * or, for a list that needs a filter, the first found filtering a reference filter by the rows of the
 * referenced entity.
 */
async function demoRow(request: APIRequestContext, entityName: string): Promise<Row | undefined> {
  const entity = entities[entityName];
  if (!entity?.operations.includes('list')) return undefined;
  const required = entity.requireOneFilter?.params ?? [];
  // A list searched by period is asked for the period its page opens on (the demo movements reach yesterday).
  const period = entity.period && defaultPeriod(entity.period, new Date().toISOString().slice(0, 10));
  const periodQuery = entity.period && period ? { [entity.period.from]: period.from, [entity.period.to]: period.to } : {};
  if (required.length === 0) {
    for (const path of await listPaths(request, entity)) {
      const found = resultsOf(await getJson(request, path, { ...FIRST_PAGE, ...periodQuery })).at(0);
      if (found) return found;
    }
    return undefined;
  }
  for (const filter of entity.filters ?? []) {
    if (!required.includes(filter.param) || filter.type !== 'reference' || !filter.reference) continue;
    const target = entities[filter.reference];
    const targetKey = target?.key[0];
    if (!target || !targetKey || target.key.length !== 1) continue;
    for (const candidate of resultsOf(await getJson(request, `/${target.path}`, FIRST_PAGE))) {
      const value = candidate[targetKey];
      if (typeof value !== 'string' && typeof value !== 'number') continue;
      const found = resultsOf(await getJson(request, `/${entity.path}`, { ...FIRST_PAGE, [filter.param]: String(value) })).at(0);
      if (found) return found;
    }
  }
  return undefined;
}

/** The entity whose key the route's parameters name (an extension page showing one row, e.g. a role). */
function entityKeyedBy(pattern: string): string | undefined {
  const names = paramsOf(pattern).map((p) => p.name);
  if (names.length === 0) return undefined;
  return Object.entries(entities).find(([, e]) => e && e.key.length === names.length && e.key.every((k) => names.includes(k)))?.[0];
}

function holds(grants: ReadonlySet<string>, permission: string | undefined): boolean {
  return permission === undefined || permission === '' || grants.has(permission);
}

/** The pages `persona` can open, from the manifest and the caller's grants. */
async function visitsOf(request: APIRequestContext, isMerchant: boolean, grants: ReadonlySet<string>): Promise<Visit[]> {
  const visits: Visit[] = [];
  const add = (path: string | undefined, label: string, pattern = path) => {
    if (path !== undefined && !visits.some((v) => v.path === path)) visits.push({ path, label, screen: `${label} ${pattern ?? path}` });
  };
  const merchantShell = manifest.shells.find((shell) => shell.users.includes('merchant'));
  add(isMerchant ? merchantShell?.landing.merchant?.at(0) ?? merchantShell?.home : '/home', 'home');
  for (const route of routes) {
    if (route.public) { add(fill(route.path), `${route.kind} (pubblica)`, route.path); continue; }
    if (!holds(grants, route.permission)) continue;
    // The other shell's routes send a user home. A merchant walks its own shell's pages as a bank user does its,
    // and the read-only views of its record (the web variant, seed 001 §2), which open its own row without a key.
    if ((route.shell === merchantShell?.name) !== isMerchant) continue;
    if (isMerchant && route.kind === 'form' && route.readOnly) { add(fill(route.path), 'form (sola lettura)', route.path); continue; }
    const entityName = route.kind === 'extension' ? entityKeyedBy(route.path) : route.entity;
    const entity = entityName ? entities[entityName] : undefined;
    const needsRow = paramsOf(route.path).some((p) => !p.optional);
    // Reports and dashboards open on their own default filters and period.
    if (route.kind === 'list' || route.kind === 'report' || route.kind === 'dashboard' || (route.kind === 'extension' && !needsRow)) add(fill(route.path), route.kind, route.path);
    if (route.kind === 'form' && entity?.operations.includes('create') && holds(grants, entity.permissions.create)) add(fill(route.path), 'form (nuovo)', route.path);
    if ((route.kind === 'form' || route.kind === 'extension') && entityName && entity && holds(grants, entity.permissions.get ?? entity.permissions.list)) {
      const row = await demoRow(request, entityName);
      // A record the persona may not change is shown read-only: another screen than the editable one.
      const readOnly = route.kind === 'form' && !(entity.operations.includes('update') && holds(grants, entity.permissions.update));
      if (row) add(fill(route.path, row), `${route.kind} (record${readOnly ? ', sola lettura' : ''})`, route.path);
    }
  }
  const forbidden = isMerchant ? undefined : routes.find((r) => !r.public && r.shell !== merchantShell?.name && !holds(grants, r.permission) && fill(r.path) !== undefined);
  if (forbidden) add(fill(forbidden.path), 'non autorizzato');
  add(NOT_FOUND_PATH, '404');
  return visits;
}

async function loginByApi(request: APIRequestContext, persona: Persona): Promise<void> {
  const realm = manifest.loginRealms[persona.realm];
  const answer = await request.post(`${API}/authorization/auth`, { params: { userType: realm }, data: { username: persona.username, password: DEMO_PASSWORD } });
  expect(answer.status(), `login of ${persona.username}`).toBe(200);
}

/**
 * Shows `path` and waits for its heading and for every loader to be gone. After the first
 * page the walk moves inside the running application (history.pushState and popstate, as a click on a link
 * does), which does not load and start the bundle again; the tab's title is blanked first, so the page counts as
 * shown once it has named itself.
 */
async function show(page: Page, path: string, reload = false): Promise<void> {
  const inApp = !reload && page.url().startsWith('http') && new URL(page.url()).pathname !== path;
  if (inApp) {
    await page.evaluate((target) => {
      document.title = '';
      window.history.pushState(null, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect.poll(() => page.title(), { message: `${path} sets the tab's title` }).not.toBe('');
  } else {
    await page.goto(path);
  }
  // Every page has an h1 (a page without one is reported by check(), after this wait runs out): waiting for
  // `main` instead would catch the frame of /home before it moves to the user's landing page.
  await expect(page.locator('h1').first()).toBeVisible().catch(() => undefined);
  await expect(page.locator(BUSY).filter({ visible: true })).toHaveCount(0);
}

/**
 * Screens already analysed in this file's run (Visit.screen): another persona on the same screen sees the same
 * components, so axe and the phone layout (the slow checks: an audit, a resize and its re-layout) run once per
 * screen, the first time the walk reaches it; the personas walk in order of their access, widest first. The
 * headings and the title are checked on every visit.
 */
const analysed = new Set<string>();

/**
 * What axe audits: the whole page, or only its `main`. The shell around it (header, menu: over half of a page's
 * elements, and half of axe's time) is the same on every page of a persona's walk but for the active menu entry,
 * so it is audited on the first page of each kind (Visit.label) a persona's walk shows.
 */
type AuditScope = 'page' | 'main';

/** Checks the page on screen; findings are appended to `findings`. True when axe audited it (its first visit). */
async function check(page: Page, persona: string, visit: Pick<Visit, 'path' | 'screen'>, findings: Finding[], scope: AuditScope = 'page'): Promise<boolean> {
  const { path } = visit;
  const add = (rule: string, detail: string) => findings.push({ persona, path, rule, detail });
  const firstVisit = !analysed.has(visit.screen);
  analysed.add(visit.screen);
  const audit = () => {
    const axe = new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode();
    return (scope === 'main' ? axe.include('main') : axe).analyze();
  };
  const violations = firstVisit ? (await audit()).violations : [];
  for (const violation of violations) {
    if (!BLOCKING_IMPACTS.has(violation.impact ?? '')) continue;
    const targets = violation.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} (${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)})`).join(' | ');
    add(`axe ${violation.id}`, `${violation.impact ?? ''}: ${String(violation.nodes.length)} elements: ${targets}`);
  }
  const h1 = await page.locator('h1').count();
  if (h1 !== 1) add('one h1', `${String(h1)} h1 elements`);
  // Axe's heading-order (moderate, so not among the blocking impacts, but it cost the record page Lighthouse's
  // accessibility 100): no heading more than one level below the heading before it (h1 then h3).
  const skips = await page.evaluate(() => {
    const levels = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
      .filter((h) => h.getClientRects().length > 0)
      .map((h) => ({ level: Number(h.tagName.slice(1)), text: h.textContent.trim().slice(0, 40) }));
    return levels.flatMap((h, i) => (i > 0 && h.level > levels[i - 1].level + 1 ? [`h${String(levels[i - 1].level)} then h${String(h.level)} '${h.text}'`] : []));
  });
  if (skips.length) add('heading order', skips.join('; '));
  const title = await page.title();
  // The shell's form, `Anagrafica banche · WebPOS`: the page's own name first, never the bare application name.
  const pageName = title.endsWith(TITLE_SUFFIX) ? title.slice(0, -TITLE_SUFFIX.length).trim() : '';
  if (pageName === '' || pageName === APP_NAME) add('page title', `title '${title}'`);
  if (!firstVisit) return false;

  await page.setViewportSize(PHONE);
  // Parts that follow the viewport in script (the phone header's user menu, measured column widths) render
  // after the resize: the page counts as wider than the phone only if it stays so.
  const overflow = () => page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  try {
    await expect.poll(overflow, { timeout: 5_000 }).toBeLessThanOrEqual(0);
  } catch {
    add('phone horizontal scroll', `the page is ${String(await overflow())} px wider than the 390 px phone; widest: ${await widest(page)}`);
  }
  await page.setViewportSize(DESKTOP);
  return true;
}

/** The outermost elements reaching past the phone's right edge, to say where the page overflows. */
function widest(page: Page): Promise<string> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    const names: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.right <= limit + 1 || box.width === 0) continue;
      const parent = element.parentElement;
      if (parent && parent !== document.body && parent.getBoundingClientRect().right > limit + 1) continue;
      const testId = element.getAttribute('data-testid');
      names.push(`${element.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}.${[...element.classList].slice(0, 2).join('.')} (${String(Math.round(box.right))} px)`);
    }
    return names.slice(0, 3).join(', ') || 'none';
  });
}

function summary(findings: Finding[]): string[] {
  return findings.map((f) => `${f.persona} ${f.path}: ${f.rule}: ${f.detail}`);
}

test('pagine di accesso e 404 senza login: nessuna violazione grave, un h1, un titolo, niente scorrimento laterale sul telefono', async ({ page }) => {
  const findings: Finding[] = [];
  const paths = [...new Set([...Object.values(manifest.loginRealms).map((realm) => `/login/${realm}`), NOT_FOUND_PATH, '/resetPassword'])];
  for (const path of paths) {
    // Login pages share their title: each is loaded on its own.
    await show(page, path, true);
    await check(page, 'anonimo', { path, screen: path }, findings);
  }
  expect(summary(findings)).toEqual([]);
});

for (const persona of PERSONAS) {
  test(`${persona.username}: ogni rotta del manifest che può aprire è accessibile e sta nel telefono`, async ({ page }) => {
    await loginByApi(page.request, persona);
    const me = await getJson(page.request, '/users/me');
    const isMerchant = typeof me === 'object' && me !== null && 'isMerchant' in me && me.isMerchant === true;
    const granted = await getJson(page.request, '/permessi');
    const grants = new Set(Array.isArray(granted) ? granted.filter((g): g is string => typeof g === 'string') : []);
    const visits = await visitsOf(page.request, isMerchant, grants);
    // A record under a parent row is walked too: the role editor of one of the caller's roles (a bank's are the
    // ones its group inherits from the groups above it, which it reads: spec/sicurezza/ruolo.yaml readAbove).
    if (grants.has('GES_RUOLI:VISUALIZZAZIONE')) expect(visits.map((v) => v.path)).toContainEqual(expect.stringMatching(/^\/security\/ruoli\/ruolo\/[^/]+\/[^/]+$/));
    // A screen an earlier persona's walk has checked is left out (the same components with other rows): a persona
    // walks its landing page, then the screens only it has, such as read-only records and the business shell's.
    const walked = visits.filter((visit, i) => i === 0 || !analysed.has(visit.screen));
    // The walk grows with the manifest: its time limit with it.
    test.setTimeout(60_000 + walked.length * 15_000);
    const findings: Finding[] = [];
    const shellAudited = new Set<string>();
    for (const visit of walked) {
      await test.step(`${visit.label}: ${visit.path}`, async () => {
        await show(page, visit.path);
        const scope = shellAudited.has(visit.label) ? 'main' : 'page';
        if (await check(page, persona.username, visit, findings, scope) && scope === 'page') shellAudited.add(visit.label);
      });
    }
    await test.info().attach('pagine visitate', { body: walked.map((v) => `${v.label}: ${v.path}`).join('\n'), contentType: 'text/plain' });
    expect(summary(findings)).toEqual([]);
  });
}
