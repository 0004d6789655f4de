/**
 * The named formats (common/named-formats.ts): each sample of tests/support/format-samples.ts gets the verdict
 * and the reason it lists, through the registry and through an Ajv built as the API's is.
 */
import { describe, expect, it } from 'vitest';
import { schemaValidator } from '../../common/json-schema-validator.js';
import { FORMAT_REASONS, formatMessage, formatProblem, isNamedFormat, italianCin } from '../../common/named-formats.js';
import { INVALID_SAMPLES, VALID_SAMPLES } from '../support/format-samples.js';

const formats = Object.keys(FORMAT_REASONS).filter(isNamedFormat);

describe('named formats', () => {
  it.each(formats)('%s: the valid samples pass and each invalid one fails for its reason', (format) => {
    for (const value of VALID_SAMPLES[format]) expect(formatProblem(format, value), value).toBeUndefined();
    for (const [value, reason] of INVALID_SAMPLES[format]) expect(formatProblem(format, value), value).toBe(reason);
  });

  it.each(formats)('%s: an Ajv made by schemaValidator() gives the same verdicts', (format) => {
    const validate = schemaValidator().compile({ type: 'string', format });
    for (const value of VALID_SAMPLES[format]) expect(validate(value), value).toBe(true);
    for (const [value] of INVALID_SAMPLES[format]) expect(validate(value), value).toBe(false);
  });

  it('computes the Italian check letter of ABI + CAB + account (seed 001 §5)', () => {
    expect(italianCin('0542811101000000123456')).toBe('X');
    expect(italianCin('0322509800000000270100')).toBe('U');
  });

  it('picks the message of the reason, else the general one', () => {
    const messages = { format: "L'iban inserito non risulta essere valido", 'format.cin': 'BBAN non valido' };
    expect(formatMessage('iban', 'IT60Y0542811101000000123456', messages)).toBe('BBAN non valido');
    expect(formatMessage('iban', 'IT61X0542811101000000123456', messages)).toBe("L'iban inserito non risulta essere valido");
    expect(formatMessage('iban', 42, messages)).toBe("L'iban inserito non risulta essere valido");
    expect(formatMessage('cap', '2012', { format: 'Campo numerico' })).toBe('Campo numerico');
  });
});
