/**
 * Starts generator/cli.ts (`npm run gen`, `npm run gen:check`, `npm start`). Where Node strips TypeScript's types
 * itself (22.18+, 24) the sources run as they are, through ./node-ts.ts (about a second sooner than tsx); on an
 * older Node (Debian's 20) through tsx's loader, as before, instead of failing on the `.ts` extension
 * (ERR_UNKNOWN_FILE_EXTENSION). Plain JavaScript, so any Node can start it.
 */
import process from 'node:process';

if (process.features.typescript) await import('./node-ts.ts');
else (await import('tsx/esm/api')).register();
await import('./cli.ts');
