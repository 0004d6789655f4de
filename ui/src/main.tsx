import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import 'dayjs/locale/it';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bootManifest, loadManifest } from './core/artifacts';
import { createAuthApi } from './core/authApi';
import { createDataProvider } from './core/dataProvider';
import { openingListQuery, startFirstList } from './core/firstList';
import { startFirstRecord } from './core/firstRecord';
import { answeredProbe, startSessionProbe } from './core/sessionStart';
import { App } from './shell/App';
import { firstListOf, firstRecordOf, preloadFirstPage } from './shell/AppRoutes';

const root = document.getElementById('root');
if (!root) throw new Error('ui/index.html has no element with id "root" to render the shell into.');

// The manifest's file (preloaded by index.html) and the first page's code start downloading now, before React
// renders anything.
const manifestLoad = loadManifest();
const boot = bootManifest();
const firstPage: Promise<unknown>[] = [];
if (!(boot instanceof Error)) {
  // users/me, permessi and menuitems leave now too, while the code downloads (core/sessionStart.ts).
  const probe = startSessionProbe(createAuthApi(createDataProvider(boot.apiBase)));
  firstPage.push(probe);
  firstPage.push(preloadFirstPage(boot, window.location.pathname));
  // A form's record leaves as soon as the manifest says which entity the address names (core/firstRecord.ts); a
  // refusal is left to the page (no session-lost event from here: the probe above says whether there is a session).
  firstPage.push(manifestLoad.then((manifest) => {
    const first = manifest instanceof Error ? undefined : firstRecordOf(manifest, window.location.pathname);
    return first && startFirstRecord(createDataProvider(boot.apiBase, undefined, {}), first.entity, first.key);
  }));
  // A list's first page leaves once the session has said who asks (a fixed bank or branch is one of its filters)
  // and that its grants open the list (core/firstList.ts); the list's first render then has its rows.
  firstPage.push(Promise.all([manifestLoad, probe]).then(([manifest]) => {
    const session = answeredProbe();
    const entity = manifest instanceof Error || !session ? undefined : firstListOf(manifest, window.location.pathname, session[1]);
    const query = entity && session && openingListQuery(entity, window.location.search, session[0]);
    return entity && query && startFirstList(createDataProvider(boot.apiBase, undefined, {}), entity, query);
  }));
}

// React starts once the session's answers and the first page's code are there too (index.html's "Caricamento…"
// shows until then): its first render is the page, frame, title and table at once, with no loader or Suspense
// fallback in between (shell/chunk.tsx), each of which cost a render, a commit and, for a fallback, up to 300 ms.
// A transition: React renders the first screen in slices, leaving the main thread free in between (a slow phone
// otherwise spends one long task on it, which Lighthouse counts as blocking time).
void Promise.all([manifestLoad, ...firstPage]).then(([manifest]) => {
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App manifest={manifest} />
      </StrictMode>,
    );
  });
});
