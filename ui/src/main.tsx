import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import 'dayjs/locale/it';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bundledManifest } from './core/artifacts';
import { createAuthApi } from './core/authApi';
import { createDataProvider } from './core/dataProvider';
import { startSessionProbe } from './core/sessionStart';
import { App } from './shell/App';
import { preloadFirstPage } from './shell/AppRoutes';

const root = document.getElementById('root');
if (!root) throw new Error('ui/index.html has no element with id "root" to render the shell into.');

// The first page's code starts downloading now, before React renders anything.
const manifest = bundledManifest();
if (!(manifest instanceof Error)) {
  // users/me, permessi and menuitems leave now too, while React renders (core/sessionStart.ts).
  startSessionProbe(createAuthApi(createDataProvider(manifest.apiBase)));
  preloadFirstPage(manifest, window.location.pathname);
}

// A transition: React renders the first screen in slices, leaving the main thread free in between (a slow phone
// otherwise spends one long task on it, which Lighthouse counts as blocking time).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
