/**
 * Shows a dev-loop error (a spec mistake, an API that failed to start) in the browser as Vite's own error
 * overlay, and takes it away once the problem is gone. The payload is sent to each connected page rather
 * than through `ws.send`, which would buffer an error for the next page even after it has been fixed;
 * a page that connects while the error stands gets it on connection.
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { ErrorPayload, NormalizedHotChannelClient, ViteDevServer } from 'vite';
import { formatDiagnostic, type Diagnostic } from '../../generator/diagnostics.js';

export interface BrowserOverlay {
  showDiagnostics(diagnostics: Diagnostic[]): void;
  showError(message: string, detail?: string): void;
  clear(): void;
}

export function browserOverlay(vite: ViteDevServer, rootDir: string): BrowserOverlay {
  let current: ErrorPayload | undefined;
  vite.ws.on('vite:client:connect', (_data: unknown, client: NormalizedHotChannelClient) => {
    if (current) client.send(current);
  });
  const broadcast = (payload: ErrorPayload | { type: 'update'; updates: [] }) => {
    for (const client of vite.ws.clients) client.send(payload);
  };
  const show = (err: ErrorPayload['err']) => {
    current = { type: 'error', err };
    broadcast(current);
  };
  return {
    showDiagnostics(diagnostics) {
      const first = diagnostics.at(0);
      const file = first ? (isAbsolute(first.file) ? first.file : join(rootDir, first.file)) : undefined;
      show({
        plugin: 'spec',
        message: `${diagnostics.length} problem(s) in spec/; generated/ and the API are unchanged.\n${diagnostics.map(formatDiagnostic).join('\n')}`,
        stack: '',
        ...(file && first ? { id: file, loc: { file, line: first.line, column: first.column }, frame: codeFrame(file, first.line, first.column) } : {}),
      });
    },
    showError(message, detail) {
      show({ plugin: 'dev', message, stack: '', ...(detail ? { frame: detail } : {}) });
    },
    clear() {
      if (!current) return;
      current = undefined;
      // An empty update makes the Vite client close its overlay (or reload a page that opened on the error).
      broadcast({ type: 'update', updates: [] });
    },
  };
}

/** Two lines before the mistake, its line with a caret under its column, one line after (Vite's own layout). */
export function codeFrame(file: string, line: number, column: number): string {
  let lines: string[];
  try {
    lines = readFileSync(file, 'utf8').split(/\r?\n/);
  } catch {
    return '';
  }
  const from = Math.max(1, line - 2);
  const to = Math.min(lines.length, line + 1);
  // Numbers padded at the end: the overlay trims the frame, which would eat leading padding.
  const width = Math.max(3, String(to).length + 1);
  const out: string[] = [];
  for (let n = from; n <= to; n++) {
    out.push(`${String(n).padEnd(width)}|  ${lines[n - 1]}`);
    if (n === line) out.push(`${' '.repeat(width)}|  ${' '.repeat(Math.max(0, column - 1))}^`);
  }
  return out.join('\n');
}
