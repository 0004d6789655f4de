/**
 * The bank form's logo field checks a chosen file in the browser exactly as the server will (seed 000 §5):
 * the real generated form (generated/forms/Banca.json), the exact Italian messages, and the upload call.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../ui/src/core/apiError';
import { createDataProvider, versionOf } from '../../ui/src/core/dataProvider';
import { fileProblemInForm, fileRuleOf, isImageRule } from '../../ui/src/core/fileField';
import type { FormDef } from '../../ui/src/core/types';
import { seen, type SeenCall } from './fakeFetch';

const banca: FormDef = JSON.parse(readFileSync(fileURLToPath(new URL('../../generated/forms/Banca.json', import.meta.url)), 'utf8'));
const TOO_BIG = "La dimensione del file selezionato e' troppo grande: la dimensione massima e' di 250kb";
const BAD_NAME = 'Il nome del file contiene caratteri non consentiti';
const check = (name: string, size: number, type = 'image/png') => fileProblemInForm(banca, 'logo', { name, size, type });

const scarti: FormDef = JSON.parse(readFileSync(fileURLToPath(new URL('../../generated/forms/CaricamentoScarti.json', import.meta.url)), 'utf8'));

describe("rejects file of the contracts' upload (seed 002 §5, §8, §9)", () => {
  it("carries the spec's banner for a stored upload, and the 250000-byte rule", () => {
    expect(fileRuleOf(scarti, 'file')).toMatchObject({ maxSize: 250000, accept: ['text/plain', 'text/csv'], success: 'File caricato con successo!' });
    expect(fileProblemInForm(scarti, 'file', { name: 'scarti_20.txt', size: 250000, type: 'text/plain' })).toBeUndefined();
    expect(fileProblemInForm(scarti, 'file', { name: 'scarti_20.txt', size: 250001, type: 'text/plain' })).toBe(TOO_BIG);
    expect(fileRuleOf(banca, 'logo')?.success).toBeUndefined();
  });
});

describe('logo field of the bank form', () => {
  it('is an upload control with the spec rule', () => {
    expect(banca.uiSchema.logo).toMatchObject({ 'ui:widget': 'storedFile' });
    expect(fileRuleOf(banca, 'logo')).toMatchObject({ maxSize: 256000, accept: ['image/png', 'image/jpeg', 'image/gif'] });
    expect(isImageRule(fileRuleOf(banca, 'logo'))).toBe(true);
  });

  it('accepts exactly 250 kB and refuses one byte more with the seed message', () => {
    expect(check('logo.png', 256000)).toBeUndefined();
    expect(check('logo.png', 256001)).toBe(TOO_BIG);
  });

  it.each(['<', '>', "'", ' ', '\t', '+', '"', '/', ';', '`', '%'])('refuses a name with %j', (c) => {
    expect(check(`logo${c}banca.png`, 10)).toBe(BAD_NAME);
  });

  it('refuses a type the field does not accept (SVG)', () => {
    expect(check('logo.svg', 10, 'image/svg+xml')).toBe('Tipo di file non consentito');
  });

  it('uploads as multipart part "file" with If-Match and remembers the new version', async () => {
    const calls: SeenCall[] = [];
    const provider = createDataProvider('/webpos/api/v1', (request) => {
      calls.push(seen(request));
      return Promise.resolve(new Response(JSON.stringify({ codAbi: '30480', logo: 'nuovo' }), { status: 200, headers: { ETag: '"v2"' } }));
    });
    const row = await provider.upload('PUT', 'banche/30480/logo', new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' }), 'logo.png', '"v1"');
    expect(calls[0].url).toBe('/webpos/api/v1/banche/30480/logo');
    expect(calls[0].method).toBe('PUT');
    expect(calls[0].headers.get('If-Match')).toBe('"v1"');
    expect(calls[0].headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    const body = await calls[0].request.formData();
    const file = body.get('file');
    if (!(file instanceof File)) throw new Error(`part "file" is not a file: ${String(file)}`);
    expect(file.name).toBe('logo.png');
    expect(row.logo).toBe('nuovo');
    expect(versionOf(row)).toBe('"v2"');
  });

  it('a server refusal is an ApiError with the message on field file', async () => {
    const answer = { errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR', details: [{ field: 'file', message: 'Il contenuto del file non corrisponde al tipo dichiarato' }] };
    const provider = createDataProvider('/api', () => Promise.resolve(new Response(JSON.stringify(answer), { status: 400 })));
    const error = await provider.upload('PUT', 'banche/30480/logo', new Blob(['x']), 'logo.png', '"v1"').catch((e: unknown) => e);
    if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
    expect(error.details).toEqual(answer.details);
  });
});
