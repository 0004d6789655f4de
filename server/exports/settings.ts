/** Where export files are written: EXPORT_DIR, default data/exports beside the database (README.md). */
import { isAbsolute, join } from 'node:path';
import { ROOT_DIR } from '../config.js';

export function exportDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const dir = env.EXPORT_DIR;
  if (!dir) return join(ROOT_DIR, 'data', 'exports');
  return isAbsolute(dir) ? dir : join(process.cwd(), dir);
}
