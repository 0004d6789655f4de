import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import 'dayjs/locale/it';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bootManifest, loadManifest } from './core/artifacts';
import { createAuthApi } from './core/authApi';
import { createDataProvider } from './core/dataProvider';
import { startSessionProbe } from './core/sessionStart';
import { App } from './shell/App';
import { preloadFirstPage } from './shell/AppRoutes';

const root = document.getElementById('root');
if (!root) throw new Error('ui/index.html has no element with id "root" to render the shell into.');

// The manifest's file (preloaded by index.html) and the first page's code start downloading now, before React
// renders anything.
const manifestLoad = loadManifest();
const boot = bootManifest();
if (!(boot instanceof Error)) {
  // users/me, permessi and menuitems leave now too, while React renders (core/sessionStart.ts).
  startSessionProbe(createAuthApi(createDataProvider(boot.apiBase)));
  preloadFirstPage(boot, window.location.pathname);
}

// A transition: React renders the first screen in slices, leaving the main thread free in between (a slow phone
// otherwise spends one long task on it, which Lighthouse counts as blocking time).
void manifestLoad.then((manifest) => {
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App manifest={manifest} />
      </StrictMode>,
    );
  });
});
