/** The error catalogue is one fact in three places: api-error.ts, messages.yaml and docs/errors.md. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadArtifacts } from '../../server/artifacts.js';
import { ROOT_DIR } from '../../server/config.js';
import { ERROR_STATUS } from '../../server/http/api-error.js';

const documented = readFileSync(join(ROOT_DIR, 'docs', 'errors.md'), 'utf8')
  .split('\n')
  .filter((line) => /^\| [A-Z][A-Z0-9_]* \| \d{3} \|/.test(line))
  .map((line) => line.split('|').map((c) => c.trim()))
  .map(([, code, status, message]) => ({ code, status: Number(status), message }));

describe('error catalogue', () => {
  const messages = loadArtifacts().model.messages.errors;
  // By any code, to look up the documented ones: a code ERROR_STATUS lacks reads undefined and fails.
  const statuses: Record<string, number | undefined> = ERROR_STATUS;

  it('documents every code with its status and the Italian message the API sends', () => {
    expect(documented.map((d) => d.code).sort()).toEqual(Object.keys(ERROR_STATUS).sort());
    for (const d of documented) {
      expect(d.status, d.code).toBe(statuses[d.code]);
      expect(d.message, d.code).toBe(messages[d.code]);
    }
  });

  it('declares a message in spec/platform/messages.yaml for every code', () => {
    expect(Object.keys(messages).sort()).toEqual(Object.keys(ERROR_STATUS).sort());
  });
});
