/**
 * spec/platform/bindings.yaml (docs/spec-language.md#platform-bindings): every role names an entity of the
 * spec that has the role's fields and codes, and a mistake is reported where the analyst wrote it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bound } from '../../common/bindings.js';
import { readSpecDir } from '../../generator/load/read-spec-dir.js';
import { parseSourceFile } from '../../generator/load/source-file.js';
import { resolveSources, specFileReader } from '../../generator/pipeline.js';
import { ROOT_DIR } from '../../server/config.js';
import { present } from '../support/present.js';
import { format } from '../support/spec-helpers.js';

const FILE = 'spec/platform/bindings.yaml';
const TEXT = readFileSync(join(ROOT_DIR, FILE), 'utf8');

/** The real spec with bindings.yaml replaced by `text` (or left out). */
function resolveWith(text: string | undefined) {
  const sources = readSpecDir(ROOT_DIR).sources.filter((s) => s.file !== FILE);
  if (text !== undefined) sources.push(present(parseSourceFile(FILE, text).source, `the parsed ${FILE}`));
  return resolveSources(sources, [], specFileReader(ROOT_DIR));
}

function errorsOf(text: string): string[] {
  const { model, diagnostics } = resolveWith(text);
  expect(model).toBeUndefined();
  return diagnostics.map(format);
}

const lineOf = (needle: string) => TEXT.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('platform bindings', () => {
  it('resolve every role field to a field of the bound entity', () => {
    const { model, diagnostics } = resolveWith(TEXT);
    expect(diagnostics).toEqual([]);
    const resolved = present(model, 'the model');
    const outbox = bound(resolved, 'mailOutbox');
    expect(outbox.entity.table).toBe('mail_outbox');
    expect([outbox.column('status'), outbox.column('recipient')]).toEqual(['stato_invio', 'recipient']);
    expect(outbox.columns({ status: 'C', sentAt: 'x' })).toEqual({ stato_invio: 'C', inviata_at: 'x' });
    expect(outbox.values({ statoInvio: 'I', other: 1 })).toEqual({ status: 'I' });
    expect(present(resolved.bindings, 'the bindings').loginRealms).toEqual({ bank: 'banca', merchant: 'merchant' });
  });

  it('report an unknown entity at its name, with the closest one', () => {
    const line = lineOf('auditLog:');
    expect(errorsOf(TEXT.replace('entity: StoricoModifica', 'entity: StoricoModifiche'))).toEqual([
      `${FILE}:${line}:25: Role auditLog: no entity is named StoricoModifiche. Did you mean 'StoricoModifica'?`,
    ]);
  });

  it('report a role field the entity lacks, and a mapping to a field that does not exist', () => {
    const line = lineOf('mailOutbox:');
    const unmapped = errorsOf(TEXT.replace('status: statoInvio, ', ''));
    expect(unmapped).toEqual([expect.stringMatching(new RegExp(`^${FILE}:${line}:\\d+: Role mailOutbox needs field status: entity MailOutbox has no field status\\. Add it, or map it`))]);
    const wrong = errorsOf(TEXT.replace('sentAt: inviataAt', 'sentAt: inviatoAt'));
    expect(wrong).toEqual([expect.stringMatching(/Role mailOutbox needs field sentAt: entity MailOutbox has no field inviatoAt\. Did you mean 'inviataAt'\?$/)]);
    expect(errorsOf(TEXT.replace('status: statoInvio', 'stato: statoInvio'))).toContainEqual(expect.stringContaining("'stato' is not a field of the role mailOutbox"));
  });

  it('report a field that is an enum without the codes the platform writes', () => {
    const configured = TEXT.replace('exportJobs: { entity: Esportazione }', 'exportJobs: { entity: Esportazione, fields: { stato: formato } }');
    expect(errorsOf(configured)).toContainEqual(expect.stringContaining('Role exportJobs: field Esportazione.formato must offer the codes the platform writes; missing P, R, S, E.'));
  });

  it('are checked against their JSON Schema like every spec file', () => {
    expect(errorsOf(TEXT.replace('  loginRealms:', '  loginRealm:'))).toEqual([
      `${FILE}:${lineOf('entities:')}:3: Missing required key 'loginRealms' in 'bindings'.`,
      `${FILE}:${lineOf('loginRealms:')}:3: Unknown key 'loginRealm' in 'bindings'. Did you mean 'loginRealms'?`,
    ]);
    expect(errorsOf(TEXT.replace('merchant: merchant }', 'merchant: banca }'))).toEqual([expect.stringContaining('The login realms must differ')]);
  });

  it('are optional for the generator, required by the code that runs on the model', () => {
    const { model, diagnostics } = resolveWith(undefined);
    expect(diagnostics).toEqual([]);
    const resolved = present(model, 'the model');
    expect(resolved.bindings).toBeUndefined();
    expect(() => bound(resolved, 'auditLog')).toThrow('add spec/platform/bindings.yaml');
  });
});
