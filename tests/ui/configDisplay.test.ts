/** The configuration page's reading of values (text on the wire) and what its editor sends back. */
import { describe, expect, it } from 'vitest';
import { configValueToEdit, configValueToSend, showConfigValue } from '../../ui/extensions/config/configDisplay';

describe('showConfigValue', () => {
  it('reads each type the Italian way, a dash when unset', () => {
    expect(showConfigValue('boolean', 'true')).toBe('Sì');
    expect(showConfigValue('boolean', 'false')).toBe('No');
    expect(showConfigValue('date', '2026-03-01')).toBe('01/03/2026');
    expect(showConfigValue('list', '30480,08549')).toBe('30480, 08549');
    expect(showConfigValue('list', '')).toBe('—');
    expect(showConfigValue('integer', null)).toBe('—');
    expect(showConfigValue('string', '03069')).toBe('03069');
  });
});

describe('the editor', () => {
  it('edits a list one item per line and sends it comma-joined, blanks and separators cleaned', () => {
    expect(configValueToEdit('list', '30480,08549')).toBe('30480\n08549');
    expect(configValueToSend('list', ' 30480\n\n08549; 60855, ')).toBe('30480,08549,60855');
    expect(configValueToSend('integer', ' 600 ')).toBe('600');
    expect(configValueToEdit('date', null)).toBe('');
  });
});
