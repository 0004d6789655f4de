/**
 * Spec language of issue 5 (tickets, feeds, indicator): `groups` on enum fields (named subsets of codes),
 * an operation's `response: { file: text }` and `response: { entities: [...] }`, and `indicator:`.
 * Mistakes stop the generator with file:line:col.
 */
import { describe, expect, it } from 'vitest';
import { named, present } from '../support/present.js';
import { format, loadSpec, loadSpecWithError } from '../support/spec-helpers.js';

const TICKET = `entity: Ticket
table: ticket
key: id
permission: ANAG_BANCHE
scope: { bank: abi }
api: { path: ticket }
fields:
  id: { type: string, required: true }
  abi: { type: string, required: true }
  stato:
    type: enum
    values: { '1': Aperto, '6': Sospeso, '9': Chiuso }
    groups:
      sospesi: ['6']
`;
const CONFIG = `config:
  REFRESH: { type: integer, label: Fattore, default: 1 }
  TESTO: { type: string, label: Testo }
`;
const indicator = (extra: string) => `operations:
  conta:
    method: get
    path: conta
    summary: Conta
    permission: ANAG_BANCHE:VISUALIZZAZIONE
    handler: countIndicator
    indicator: { label: Sospesi, entity: Ticket, field: stato, group: sospesi, refreshKey: REFRESH${extra} }
    response:
      fields:
        count: { type: integer, required: true }
`;

describe('enum groups', () => {
  it('are kept in the model by name', () => {
    const { model, diagnostics } = loadSpec({ 'spec/t.yaml': TICKET });
    expect(diagnostics.map(format)).toEqual([]);
    expect(named(present(model, 'the model').entities[0].fields, 'stato', 'fields').groups).toEqual({ sospesi: ['6'] });
  });

  it('refuse a code that is not one of the values, at its position', () => {
    const d = loadSpecWithError({ 'spec/t.yaml': TICKET.replace("sospesi: ['6']", "sospesi: ['6', '7']") }, 'group');
    expect(format(d)).toBe("spec/t.yaml:14:22: Field 'stato': group 'sospesi' names code '7', which is not one of its values (1, 6, 9).");
  });

  it('are only for enums', () => {
    loadSpecWithError({ 'spec/t.yaml': TICKET.replace("abi: { type: string, required: true }", "abi: { type: string, required: true, groups: { a: ['x'] } }") }, "cannot have 'groups'");
  });
});

describe('range filters', () => {
  it('become two list parameters <param>Da and <param>A; only for dates and numbers', () => {
    const withDate = TICKET.replace("  abi: { type: string, required: true }", "  abi: { type: string, required: true }\n  aperto: { type: date, search: range }");
    const { model, diagnostics } = loadSpec({ 'spec/t.yaml': withDate });
    expect(diagnostics.map(format)).toEqual([]);
    expect(named(present(model, 'the model').entities[0].fields, 'aperto', 'fields').search).toBe('range');
    const d = loadSpecWithError({ 'spec/t.yaml': TICKET.replace("abi: { type: string, required: true }", "abi: { type: string, required: true, search: range }") }, 'by range');
    expect(format(d)).toBe("spec/t.yaml:9:48: Field 'abi' of type string cannot be searched by range (only date, datetime, integer, decimal).");
  });
});

describe('indicator', () => {
  it('is kept in the model and checked against entity, group and config key', () => {
    const { model, diagnostics } = loadSpec({ 'spec/t.yaml': TICKET, 'spec/c.yaml': CONFIG, 'spec/o.yaml': indicator('') });
    expect(diagnostics.map(format)).toEqual([]);
    expect(present(model, 'the model').operations[0].indicator).toEqual({ label: 'Sospesi', entity: 'Ticket', field: 'stato', group: 'sospesi', refreshKey: 'REFRESH' });
  });

  it('refuses an unknown group, a refresh key that is not an integer key, with file:line', () => {
    const g = loadSpecWithError({ 'spec/t.yaml': TICKET, 'spec/c.yaml': CONFIG, 'spec/o.yaml': indicator('').replace('group: sospesi', 'group: sospeso') }, 'has no group');
    expect(format(g)).toBe("spec/o.yaml:8:71: Field Ticket.stato has no group 'sospeso'. Did you mean 'sospesi'?");
    const k = loadSpecWithError({ 'spec/t.yaml': TICKET, 'spec/c.yaml': CONFIG, 'spec/o.yaml': indicator('').replace('REFRESH', 'TESTO') }, 'refresh key');
    expect(k.line).toBe(8);
  });
});

describe('response kinds', () => {
  const op = (response: string) => `operations:
  cerca:
    method: get
    path: cerca
    summary: Cerca
    permission: ANAG_BANCHE:VISUALIZZAZIONE
    response: ${response}
`;
  it('file: text answers 200 with a file', () => {
    const { model } = loadSpec({ 'spec/t.yaml': TICKET, 'spec/o.yaml': op('{ file: text }') });
    expect(present(model, 'the model').operations[0].response).toEqual({ status: 200, file: 'text' });
  });

  it('entities: a page of one of several entities; unknown ones are refused', () => {
    const { model } = loadSpec({ 'spec/t.yaml': TICKET, 'spec/o.yaml': op('{ entities: [Ticket, Banca], shape: page }'), 'spec/b.yaml': TICKET.replace('entity: Ticket', 'entity: Banca').replace('table: ticket', 'table: banca').replace('path: ticket', 'path: banche') });
    expect(present(model, 'the model').operations[0].response).toEqual({ status: 200, entities: ['Ticket', 'Banca'], shape: 'page' });
    const d = loadSpecWithError({ 'spec/t.yaml': TICKET, 'spec/o.yaml': op('{ entities: [Ticket, Tiket], shape: page }') }, 'not declared');
    expect(d.line).toBe(7);
  });
});
