/**
 * The merchant's profile as a PDF (seed 001 §2 "Merchant-business variant: profile (stores with editable phone and
 * e-mail, e-invoicing PEC and SDI fields, password change, PDF downloads)"; spec/profilo/operazioni-profilo.yaml):
 * a real PDF with the merchant's data, its e-invoicing PEC and SDI and its stores; an operator's lists its assigned
 * store only; another merchant's is 404; a bank user without WB_PROFILO is 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryBody } from '../support/binary-body.js';
import { pdfText } from '../support/pdf-text.js';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
let merchant: TestApp['request'];

beforeAll(async () => {
  app = await createTestApp();
  merchant = await app.loginAs('merchant.0001234', 'merchant');
}, 240_000);
afterAll(() => app.close());

const pdf = (agent: TestApp['request'], codEser: string) => agent.get(`${API}/wpbusiness/profilo/${codEser}/pdf`).buffer(true).parse(binaryBody);

describe('the profile PDF (seed 001 §2)', () => {
  it('is a PDF of the merchant\'s data, e-invoicing and stores, named after the merchant', async () => {
    const res = await pdf(merchant, '0001234');
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('profilo-0001234.pdf');
    const bytes: unknown = res.body;
    if (!Buffer.isBuffer(bytes)) throw new Error('no bytes');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain('Dati personali - ');
    expect(text).toMatch(/PEC per la fatturazione elettronica:\s+barcentrale@pec\.example/);
    expect(text).toMatch(/Codice destinatario SDI:\s+M5UXCR1/);
    expect(text).toContain('1001 - Bar Centrale');
    expect(text).toContain('1002 - Bar Centrale Stazione');
    expect(text).toMatch(/E-mail:\s+roma@barcentrale\.example/);
  });

  it('an operator\'s lists its assigned store only; another merchant\'s profile is 404; a bank user 403', async () => {
    const operator = await app.loginAs('operatore.0001234', 'merchant');
    const res = await pdf(operator, '0001234');
    expect(res.status).toBe(200);
    const bytes: unknown = res.body;
    if (!Buffer.isBuffer(bytes)) throw new Error('no bytes');
    const text = pdfText(bytes);
    expect(text).toContain('1001 - Bar Centrale');
    expect(text).not.toContain('1002 - Bar Centrale Stazione');
    expect((await pdf(merchant, '0002345')).status).toBe(404);
    expect((await pdf(await app.loginAs('sede.30480'), '0001234')).status).toBe(403);
  });
});
