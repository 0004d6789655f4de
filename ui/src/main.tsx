import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import 'dayjs/locale/it';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bundledManifest } from './core/artifacts';
import { App } from './shell/App';
import { preloadFirstPage } from './shell/AppRoutes';

const root = document.getElementById('root');
if (!root) throw new Error('ui/index.html has no element with id "root" to render the shell into.');

// The first page's code starts downloading now, alongside the session check the first render starts.
const manifest = bundledManifest();
if (!(manifest instanceof Error)) preloadFirstPage(manifest, window.location.pathname);

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
