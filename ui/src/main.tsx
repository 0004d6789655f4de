import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import 'dayjs/locale/it';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './shell/App';

const root = document.getElementById('root');
if (!root) throw new Error('ui/index.html has no element with id "root" to render the shell into.');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
