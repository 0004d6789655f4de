/**
 * One generator run for the dev loop: the same pure pipeline and the same writer as `npm run gen`, in
 * process (no new tsx start per save). On a spec mistake nothing is written, as with `npm run gen`.
 */
import { join } from 'node:path';
import type { Diagnostic } from '../../generator/diagnostics.js';
import { runPipeline } from '../../generator/pipeline.js';
import { writeGenerated, type WriteReport } from '../../generator/write-generated.js';

export type Regeneration = { ok: true; report: WriteReport; serverChanged: boolean } | { ok: false; diagnostics: Diagnostic[] };

/** The generated files the API reads at start (server/artifacts.ts); the UI ones (manifest, forms) go to Vite. */
export function isServerArtifact(path: string): boolean {
  return path === 'openapi.json' || path === 'model.json' || path === 'demo-data.json' || path.startsWith('migrations/');
}

export async function regenerate(rootDir: string): Promise<Regeneration> {
  const result = await runPipeline(rootDir);
  if (!result.ok) return { ok: false, diagnostics: result.diagnostics };
  const report = writeGenerated(join(rootDir, 'generated'), result.files);
  const serverChanged = [...report.written, ...report.removed].some(isServerArtifact);
  return { ok: true, report, serverChanged };
}
