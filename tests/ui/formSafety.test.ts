/**
 * What keeps a user from losing work in a generic form (issue 15 item 4): when a form counts as changed,
 * which navigations leave it, which keys would submit it, and the questions asked before deleting a record or
 * removing a child row, with the exact Italian text the dialog shows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rowName } from '../../common/display-name';
import { childRowQuestion, deleteQuestion } from '../../ui/src/core/confirmQuestions';
import type { Manifest } from '../../ui/src/core/types';
import { LEAVE_QUESTION, leavesForm, sameFormData, submitsOnEnter, transitionOverChanges } from '../../ui/src/core/unsavedChanges';
import { FIXTURE_GENERATED_DIR } from '../support/fixture-paths';

const manifest: Manifest = JSON.parse(readFileSync(join(FIXTURE_GENERATED_DIR, 'manifest.json'), 'utf8'));
const article = manifest.entities.Articolo;

describe('unsaved changes', () => {
  it('an emptied field that was empty is no change, however the empty value is written', () => {
    expect(sameFormData({ nome: 'A', note: null }, { nome: 'A' })).toBe(true);
    expect(sameFormData({ nome: 'A', note: '' }, { nome: 'A', note: undefined })).toBe(true);
    expect(sameFormData({ righe: [{ a: 1, b: null }] }, { righe: [{ a: 1 }] })).toBe(true);
  });

  it('a typed value, a changed flag, a removed or added child row are changes', () => {
    expect(sameFormData({ nome: 'A' }, { nome: 'B' })).toBe(false);
    expect(sameFormData({ attivo: false }, { attivo: undefined })).toBe(false);
    expect(sameFormData({ prezzo: 0 }, {})).toBe(false);
    expect(sameFormData({ righe: [{ a: 1 }, { a: 2 }] }, { righe: [{ a: 1 }] })).toBe(false);
    expect(sameFormData({ righe: [] }, { righe: [{ a: 1 }] })).toBe(false);
    expect(sameFormData({ righe: [{ a: 1 }] }, { righe: { a: 1 } })).toBe(false);
  });

  it('another page leaves the form; another tab of the same form does not', () => {
    expect(leavesForm({ pathname: '/catalogo/articoli/articolo/A1' }, { pathname: '/catalogo/articoli' })).toBe(true);
    expect(leavesForm({ pathname: '/catalogo/articoli/articolo/A1' }, { pathname: '/catalogo/articoli/articolo/A1' })).toBe(false);
  });

  it('a state transition on a changed form says the typed changes go', () => {
    expect(transitionOverChanges('Accetta')).toEqual({
      title: 'Modifiche non salvate',
      message: '«Accetta» si applica ai dati salvati: le modifiche non salvate andranno perse. Continuare?',
      confirmLabel: 'Continua',
      cancelLabel: 'Annulla',
    });
  });

  it('asks in Italian, naming the loss', () => {
    expect(LEAVE_QUESTION).toEqual({
      title: 'Modifiche non salvate',
      message: 'Le modifiche non salvate andranno perse. Uscire comunque?',
      confirmLabel: 'Esci senza salvare',
      cancelLabel: 'Resta nel modulo',
    });
  });
});

describe('Enter in a form', () => {
  it('would submit from a text-like input, so the form stops it there', () => {
    for (const type of ['text', 'email', 'number', 'date', 'search', 'tel', 'password', undefined]) {
      expect(submitsOnEnter({ tagName: 'INPUT', type }), `input type ${String(type)}`).toBe(true);
    }
  });

  it('keeps new lines in a textarea, clicks on buttons, and an input method still composing', () => {
    expect(submitsOnEnter({ tagName: 'TEXTAREA' })).toBe(false);
    expect(submitsOnEnter({ tagName: 'BUTTON', type: 'submit' })).toBe(false);
    expect(submitsOnEnter({ tagName: 'INPUT', type: 'submit' })).toBe(false);
    expect(submitsOnEnter({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(submitsOnEnter({ tagName: 'INPUT', type: 'text' }, true)).toBe(false);
  });
});

describe('questions before destroying', () => {
  it('a delete names the record by its display fields and says it cannot be undone', () => {
    expect(deleteQuestion(article, { codice: 'A1', nome: 'Penna' }, { codice: 'A1' })).toEqual({
      title: 'Conferma eliminazione',
      message: "Eliminare Articolo «A1 - Penna»? L'operazione non può essere annullata.",
      confirmLabel: 'Elimina',
      cancelLabel: 'Annulla',
      destructive: true,
    });
  });

  it('a row not loaded yet is named by its key', () => {
    expect(rowName(article.display, undefined, { codice: 'A1' })).toBe('A1');
    expect(rowName(['nome'], { nome: '' }, { codAbi: '30480', cab: '01600' })).toBe('30480 - 01600');
  });

  it('a reference among the display fields is named as the API named it, not by its code', () => {
    const contract = { pdvid: '1001', codCompagnia: '02', _labels: { pdvid: '1001 - Bar Roma' } };
    expect(rowName(['pdvid', 'codCompagnia'], contract, { id: 'c1' })).toBe('1001 - Bar Roma - 02');
    expect(rowName(['pdvid'], { pdvid: '1001', _labels: { pdvid: '' } }, { id: 'c1' })).toBe('1001');
  });

  it("the spec's own question wins, with the same buttons", () => {
    const spec = { ...article, deleteConfirmation: { message: 'Eliminare la banca e tutte le sue filiali?' } };
    expect(deleteQuestion(spec, { codice: 'A1' }, { codice: 'A1' })).toEqual({
      title: 'Attenzione', message: 'Eliminare la banca e tutte le sue filiali?', confirmLabel: 'Elimina', cancelLabel: 'Annulla', destructive: true,
    });
  });

  it('a child row is named by its position and the values the form shows (not the hidden parent key)', () => {
    const schema = {
      properties: {
        modelli: {
          type: 'array', title: 'Modelli POS',
          items: { type: 'object', properties: { codAbi: { type: 'string' }, modello: { type: 'string', title: 'Modello' }, attivo: { type: 'boolean' }, nota: { type: ['string', 'null'] } } },
        },
      },
    };
    const uiSchema = { modelli: { items: { codAbi: { 'ui:widget': 'hidden' } } } };
    const data = { modelli: [{ codAbi: '30480', modello: '101', attivo: true }, { codAbi: '30480', modello: '102', attivo: false, nota: null }] };
    expect(childRowQuestion(schema, uiSchema, data, ['modelli', 1])).toEqual({
      title: 'Rimuovere la riga?',
      message: 'Rimuovere la riga 2 di «Modelli POS» (102 - No)? La riga sarà eliminata quando si salva il modulo.',
      confirmLabel: 'Rimuovi',
      cancelLabel: 'Annulla',
      destructive: true,
    });
    expect(childRowQuestion(schema, uiSchema, { modelli: [{}] }, ['modelli', 0]).message)
      .toBe('Rimuovere la riga 1 di «Modelli POS»? La riga sarà eliminata quando si salva il modulo.');
  });
});
