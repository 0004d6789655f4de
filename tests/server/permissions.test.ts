/**
 * What the caller is and may do (issue 3 §3, seed 000 §1, §6, §7 Users and Permissions): users/me and
 * its derived flags for every demo persona, users/me/banche and users/me/gruppi, funzioni,
 * funzioni/{fn}/permessi and menuitems answering exactly what the server enforces, and users/me/email.
 */
import { deepestShell } from '../../common/shells.js';
import { defaultPeriod } from '../../common/search-period.js';
import { present } from '../support/present.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/test-app.js';

let app: TestApp;
type Agent = TestApp['request'];
const as: Record<string, Agent> = {};

const PERSONAS: [string, string][] = [
  ['sede.30480', 'banca'], ['filiale.30480', 'banca'], ['federazione', 'banca'], ['sede.60855', 'banca'],
  ['agente.push', 'banca'], ['merchant.0001234', 'merchant'], ['operatore.0001234', 'merchant'],
];
const ALL_ACTIONS = ['VISUALIZZAZIONE', 'CREAZIONE', 'AGGIORNAMENTO', 'CANCELLAZIONE', 'VARIAZIONE', 'VARIAZIONE_EMAIL_SEC', 'STORNO'];

beforeAll(async () => {
  app = await createTestApp();
  as.assistenza = app.request;
  for (const [u, type] of PERSONAS) as[u] = await app.loginAs(u, type);
});
afterAll(() => app.close());

const me = async (user: string): Promise<Record<string, unknown>> => {
  const res = await as[user].get(`${API}/users/me`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('GET users/me', () => {
  it('assistenza: isAssistenza, keeps its own group code, every flag of a support user', async () => {
    expect(await me('assistenza')).toEqual({
      username: 'assistenza', fullName: 'Anna Assistenza', email: 'assistenza@webpos.example', emailSecondaria: null,
      group: '11000', cab: null, userType: 'banca', groupType: 'S', parentGroup: null, codAbi: '11000',
      isAssistenza: true, isMerchant: false, isMerchantOp: false, isAbiGT: false, hasfattDirBanca: false,
      MERCHANT_OP: false, ROLE_WPB: false, singleBank: false, actingBy: null,
    });
  });

  it("sede.30480: codAbi 30480, single bank, hasfattDirBanca (30480 has flgFatDir), isAbiGT (tipoGt W)", async () => {
    expect(await me('sede.30480')).toMatchObject({
      username: 'sede.30480', group: '30480', groupType: 'B', parentGroup: '11000', codAbi: '30480', cab: null,
      isAssistenza: false, isMerchant: false, singleBank: true, hasfattDirBanca: true, isAbiGT: true, MERCHANT_OP: false, ROLE_WPB: false,
    });
  });

  it('filiale.30480: cab 01600, bank 30480, no e-mail yet', async () => {
    expect(await me('filiale.30480')).toMatchObject({
      username: 'filiale.30480', group: '30480', cab: '01600', codAbi: '30480', singleBank: true, isAssistenza: false, email: null,
    });
  });

  it('federazione: several banks (not single-bank), first bank code, no direct billing', async () => {
    expect(await me('federazione')).toMatchObject({
      username: 'federazione', group: '15000', groupType: 'S', codAbi: '08549', singleBank: false,
      isAssistenza: false, hasfattDirBanca: false, isAbiGT: true,
    });
  });

  it('merchant.0001234: isMerchant and ROLE_WPB, bank 30480 from the first 5 characters of its group', async () => {
    expect(await me('merchant.0001234')).toMatchObject({
      username: 'merchant.0001234', group: '30480-0001234', groupType: 'M', userType: 'merchant', codAbi: '30480',
      isMerchant: true, ROLE_WPB: true, MERCHANT_OP: false, isMerchantOp: false, isAssistenza: false, singleBank: true,
    });
  });

  it('operatore.0001234: MERCHANT_OP', async () => {
    expect(await me('operatore.0001234')).toMatchObject({
      username: 'operatore.0001234', isMerchant: true, MERCHANT_OP: true, isMerchantOp: true, ROLE_WPB: false,
    });
  });

  it('agente.push: a push agent, whose group is the push aggregate, bank 99999', async () => {
    expect(await me('agente.push')).toMatchObject({
      username: 'agente.push', group: '99999', groupType: 'P', codAbi: '99999', singleBank: true, isAssistenza: false, isMerchant: false,
    });
  });

  // Seed 000 §6, seed 002 §6: what the forms and filters prefill and lock (the data-scope values that can be only one).
  it.each([
    ['assistenza', {}],
    ['sede.30480', { fixedBank: '30480', fixedGroup: '30480' }],
    ['filiale.30480', { fixedBank: '30480', fixedGroup: '30480', fixedBranch: '01600' }],
    ['federazione', {}],
    ['sede.60855', { fixedBank: '60855', fixedGroup: '60855' }],
    ['agente.push', { fixedBank: '99999', fixedGroup: '99999' }],
    ['merchant.0001234', { fixedBank: '30480', fixedGroup: '30480-0001234', fixedMerchant: '0001234' }],
  ])('%s is fixed to %j and nothing else', async (user, fixed) => {
    const answer = await me(user);
    const named = Object.fromEntries(Object.entries(answer).filter(([field]) => field.startsWith('fixed')));
    expect(named).toEqual(fixed);
  });

  it('answers 401 without a token', async () => {
    const res = await app.anonymous.get(`${API}/users/me`);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });
});

describe('GET users/me/banche and users/me/gruppi', () => {
  const banks = async (user: string): Promise<string[]> => {
    const res = await as[user].get(`${API}/users/me/banche`);
    expect(res.status).toBe(200);
    return res.body.map((b: { codAbi: string }) => b.codAbi);
  };
  const groups = async (user: string): Promise<string[]> => {
    const res = await as[user].get(`${API}/users/me/gruppi`);
    expect(res.status).toBe(200);
    return res.body.map((g: { groupName: string }) => g.groupName).sort();
  };

  it('banks of each persona', async () => {
    expect(await banks('sede.30480')).toEqual(['30480']);
    expect(await banks('filiale.30480')).toEqual(['30480']);
    expect((await banks('federazione')).sort()).toEqual(['08549', '60855']);
    expect(await banks('sede.60855')).toEqual(['60855']);
    expect(await banks('merchant.0001234')).toEqual(['30480']);
    expect(await banks('agente.push')).toEqual(['99999']);
    expect((await banks('assistenza')).sort()).toEqual(['08327', '08549', '30480', '34256', '50340', '60855', '99999']);
  });

  it('the bank rows carry flgFatDir (hasfattDirBanca comes from them)', async () => {
    const res = await as['sede.30480'].get(`${API}/users/me/banche`);
    expect(res.body).toEqual([expect.objectContaining({ codAbi: '30480', nomeBcc: 'Banca di Credito Cooperativo di Esempio', flgFatDir: true })]);
  });

  it('groups: the own group, the ones below it and, read-only, the ones above it (whose roles it inherits)', async () => {
    expect(await groups('sede.30480')).toEqual(['11000', '30480', '30480-0001234']);
    expect(await groups('federazione')).toEqual(['08549', '11000', '15000', '60855']);
    expect(await groups('agente.push')).toEqual(['11000', '99999']);
    expect(await groups('sede.60855')).toEqual(['11000', '15000', '60855']);
    const all = await groups('assistenza');
    expect(all).toEqual(expect.arrayContaining(['11000', '15000', '99999', '30480', '34256', '60855', '50340', '08327', '08549', '30480-0001234']));
  });
});

describe('GET funzioni and funzioni/{fn}/permessi', () => {
  const fns = async (user: string): Promise<string[]> => {
    const res = await as[user].get(`${API}/funzioni`);
    expect(res.status).toBe(200);
    return res.body.slice().sort();
  };
  const actions = async (user: string, fn: string): Promise<string[]> => {
    const res = await as[user].get(`${API}/funzioni/${fn}/permessi`);
    expect(res.status).toBe(200);
    return res.body.slice().sort();
  };

  it("'*:*' (ROLE_ADMIN) gives every declared function and every action", async () => {
    expect(await fns('assistenza')).toEqual(Object.keys(app.artifacts.model.functions).sort());
    expect(await actions('assistenza', 'ANAG_BANCHE')).toEqual([...ALL_ACTIONS].sort());
    expect(await actions('assistenza', 'GES_MYBANK')).toEqual([...ALL_ACTIONS].sort());
  });

  it('the functions of each demo role (spec/demo/07-ruoli.yaml)', async () => {
    // The merchants' registry, their movements and turnover (seed 002 GES_MOVIMENTI, GES_TRANSATO).
    const registry = ['GES_ESER', 'GES_NEG', 'GES_POS', 'GES_MOVIMENTI', 'GES_TRANSATO'];
    // The daily turnover and the period comparison are bank-side screens (seed 002 §2 /statistiche/transatoGiornaliero,
    // /statistiche/confrontoDatiPeriodo CONFRONTO_PERIODO): bank and branch only.
    // The monitors (seed 002 §2 /security/...): the head office watches them and keeps its thresholds, recipients
    // and mail templates; a branch watches its cab's (the rows' scope).
    const monitors = ['RISCHIO_FRODI', 'MONITOR_STORNI', 'MONITOR_TRANSATO'];
    // Seed 002 §2 /statistiche/movimentiSatispay and /report/intour: bank-side, the head office's and the branch's.
    const satispayInTour = ['GES_SATISPAY', 'T_REPORT_IN_TOUR'];
    const discounts = ['GES_SCONTI_IMMEDIATI', 'GES_VENTIS_CITY'];
    // The download screens (seed 002 §2): the head office all of them; a branch too, each narrowed to its cab (the
    // terminals to replace and the contracts through their store's and merchant's, spec/download/).
    const downloads = ['DWD_ESER', 'DWD_CONT_FATT', 'GES_MYBANK', 'DWD_REND_COSTO_TX'];
    const sede = ['ANAG_BANCHE', 'ANAG_POSFISICI', 'ANAG_POSGENERICI', 'GES_UTENTI', 'GES_MERCHANT', 'GES_RUOLI', 'RIC_SOSPESI_BANCHE', 'ANAG_ESERCENTE', 'CAMBIO_PASSWORD', 'GES_MAG', 'GES_NOTIFICA_UTENTI', 'ANAG_MANUTENZIONI', 'RIC_FTMERC', 'GES_ESER_VIRTUALE', 'GES_TRANSATO_GIORN', 'GES_RISC_DESTINATARI', 'RIC_CONTR_COMP', 'CONFRONTO_PERIODO', 'STAT_DASHBOARD',
      // Seed 002 §2: the immediate-discount and Ventis City statistics, of the head office and of a branch.
      ...discounts,
      // Seed 002 §2: the monthly turnover file and the transaction reports per bank and per merchant are the head office's.
      'STAT_TRACCIATO', 'GES_TRANS_REPORT', 'GES_TRANS_REP_ESERC', ...downloads, ...monitors, ...satispayInTour, ...registry].sort();
    // A merchant reads its own record on the web variant (seed 001 §2), a virtual one too (seed 001 §6).
    const ownRecord = ['MERCHANT_ANAGRAFICA', 'GES_ESER_VIRTUALE', ...registry];
    expect(await fns('sede.30480')).toEqual(sede);
    expect(await fns('federazione')).toEqual(sede);
    expect(await fns('filiale.30480')).toEqual(['ANAG_BANCHE', 'GES_UTENTI', 'ANAG_ESERCENTE', 'CAMBIO_PASSWORD', 'GES_TRANSATO_GIORN', 'RIC_CONTR_COMP', 'CONFRONTO_PERIODO', ...discounts, ...downloads, ...monitors, ...satispayInTour, ...registry].sort());
    // Seed 001 §1, §6: the push agent maintains the push aggregate's merchants, stores and terminals too.
    expect(await fns('agente.push')).toEqual(['ANAG_AGENTI_PUSH', 'CAMBIO_PASSWORD', 'ANAG_ESERCENTE', 'GES_ESER', 'GES_NEG', 'GES_POS'].sort());
    // The merchant's administrator also holds the business portal's pay-by-mail and documents (seed 000 §2, issue 18).
    expect(await fns('merchant.0001234')).toEqual(['WB_CONTATTI', 'WB_CHANGE_PASS', 'WB_GESTIONE_UTENZE', 'WB_IMPOSTAZIONI', 'PWMAIL', 'WB_DOCUMENTI', 'WB_LETTERE_ADDEBITO', 'WB_CONTR_ACQUIRING', 'WB_PROFILO', 'WB_SCHEDE_PRODOTTO', 'WB_CONFRONTO_SETTORE', 'WB_VENTIS_CITY', ...ownRecord].sort());
    // The demo operator also sends pay-by-mail for its store (MERCHANT_OP_PWM, seed 002 §3).
    expect(await fns('operatore.0001234')).toEqual(['WB_CHANGE_PASS', 'WB_PROFILO', 'WB_SCHEDE_PRODOTTO', 'PWMAIL', 'WB_CONFRONTO_SETTORE', 'WB_VENTIS_CITY', ...ownRecord].sort());
  });

  it('the actions on a function', async () => {
    expect(await actions('sede.30480', 'GES_UTENTI')).toEqual(['AGGIORNAMENTO', 'CREAZIONE', 'VARIAZIONE_EMAIL_SEC', 'VISUALIZZAZIONE']);
    expect(await actions('sede.30480', 'ANAG_BANCHE')).toEqual(['AGGIORNAMENTO', 'VISUALIZZAZIONE']);
    expect(await actions('filiale.30480', 'GES_UTENTI')).toEqual(['VISUALIZZAZIONE']);
    // Seed 000 §2 /anagrafiche/merchant: the head office manages its merchants' users; a branch does not.
    expect(await actions('sede.30480', 'GES_MERCHANT')).toEqual(['AGGIORNAMENTO', 'CREAZIONE', 'VISUALIZZAZIONE']);
    expect(await actions('filiale.30480', 'GES_MERCHANT')).toEqual([]);
    expect(await actions('filiale.30480', 'ANAG_BANCHE')).toEqual(['VISUALIZZAZIONE']);
    expect(await actions('agente.push', 'ANAG_BANCHE')).toEqual([]);
    expect(await actions('sede.30480', 'NON_ESISTE')).toEqual([]);
  });

  it('refuses a malformed function name with 400', async () => {
    const res = await as['sede.30480'].get(`${API}/funzioni/anag-banche/permessi`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });

  it('answers what the server enforces: each permission operation is allowed exactly when funzioni/{fn}/permessi lists its action', async () => {
    const checks: [string, string, string][] = [
      // user, permission, GET path guarded by it
      ['filiale.30480', 'ANAG_BANCHE:VISUALIZZAZIONE', '/banche'],
      ['filiale.30480', 'GES_UTENTI:VISUALIZZAZIONE', '/users'],
      ['filiale.30480', 'ANAG_POSFISICI:VISUALIZZAZIONE', '/posfisici'],
      ['filiale.30480', 'GES_RUOLI:VISUALIZZAZIONE', '/gruppi/30480/ruoli'],
      ['sede.30480', 'ANAG_POSGENERICI:VISUALIZZAZIONE', '/posgenerici'],
      ['agente.push', 'ANAG_BANCHE:VISUALIZZAZIONE', '/banche'],
      ['merchant.0001234', 'GES_UTENTI:VISUALIZZAZIONE', '/users'],
    ];
    for (const [user, permission, path] of checks) {
      const [fn, action] = permission.split(':');
      const granted = (await actions(user, fn)).includes(action);
      const res = await as[user].get(`${API}${path}`);
      expect(res.status, `${user} ${path}`).toBe(granted ? 200 : 403);
    }
  });
});

describe('GET permessi: every grant in one call', () => {
  it('answers exactly the FUNCTION:ACTION pairs that funzioni and funzioni/{fn}/permessi give, for every persona', async () => {
    for (const user of Object.keys(as)) {
      const res = await as[user].get(`${API}/permessi`);
      expect(res.status, user).toBe(200);
      const expected: string[] = [];
      const functions: string[] = (await as[user].get(`${API}/funzioni`)).body;
      for (const fn of functions) {
        const actions: string[] = (await as[user].get(`${API}/funzioni/${fn}/permessi`)).body;
        for (const action of actions) expected.push(`${fn}:${action}`);
      }
      expect(res.body.slice().sort(), user).toEqual(expected.sort());
    }
  });

  it('a branch user: view-only on banks and users, no role management', async () => {
    const grants: string[] = (await as['filiale.30480'].get(`${API}/permessi`)).body;
    expect(grants).toEqual(expect.arrayContaining(['ANAG_BANCHE:VISUALIZZAZIONE', 'GES_UTENTI:VISUALIZZAZIONE']));
    expect(grants).not.toContain('ANAG_BANCHE:AGGIORNAMENTO');
    expect(grants.some((g) => g.startsWith('GES_RUOLI:'))).toBe(false);
  });

  it('without a session: 401', async () => {
    expect((await app.anonymous.get(`${API}/permessi`)).status).toBe(401);
  });
});

describe('GET menuitems', () => {
  const menu = async (user: string): Promise<string[]> => {
    const res = await as[user].get(`${API}/menuitems`);
    expect(res.status).toBe(200);
    return res.body.slice().sort();
  };

  // The download screens of seed 002 §2 a branch holds too (the contracts' download is the head office's).
  const DOWNLOADS = ['/esercente/download', '/esercente/downloadContratti', '/download/terminaliDaSostituire', '/download/circolareiccrea', '/download/mybank', '/download/rendicontazionecosto'];

  it('assistenza sees every menu route', async () => {
    expect(await menu('assistenza')).toEqual([
      '/about', '/anagrafiche/agentipush', '/anagrafiche/agentipush/reportAttivazioni', '/anagrafiche/anaBanca', '/anagrafiche/filiali',
      '/anagrafiche/merchant', '/anagrafiche/notificautenti', '/anagrafiche/notifiche', '/anagrafiche/posFisici', '/anagrafiche/posgenerici', '/anagrafiche/searchManutenzione',
      '/anagrafiche/utenti', '/assistenza/FTMerc', '/assistenza/accessoEsercente', '/assistenze/backOffice/comuni', '/assistenze/backOffice/promozioni', '/esercente/negozi', '/esercente/ricercaEsercente', '/esercente/scontiImmediati', '/esercente/terminali',
      '/impostazioni', '/magazzino/giacenze', '/magazzino/movimenti', '/movimenti/search', '/ricerca/ricercaContrattiCompagnie', '/ricerca/ricercaContrattiCompagnie/scarti',
      '/report/trasrepo', '/report/trasrepo/nuovo', '/report/trasrepoeserc', '/report/trasrepoeserc/nuovo',
      '/ricerca/ricercaContrattiCompagnie/testapacchi', '/richieste/sospesi/banca', '/richieste/sospesi/enteCentrale', '/security/cambioPassword', '/security/ges-risc-destinatari', '/security/mailoutbox',
      '/security/monitorsoglierischiofrodi', '/security/monitortransato', '/security/ruoli', '/security/stornimonitor', '/security/template-mail-rischio', '/sistema/configurazione',
      '/statistiche/confrontoDatiPeriodo', '/statistiche/dashboard', '/statistiche/tracciato', '/statistiche/transato/search', '/statistiche/transatoGiornaliero',
      '/statistiche/movimentiSatispay', '/statistiche/report', '/report/intour',
      '/statistiche/scontiimmediati', '/statistiche/ventiscity',
      ...DOWNLOADS,
    ].sort());
  });

  it('filiale.30480 (BANCA_FILIALE: ANAG_BANCHE and GES_UTENTI view) sees banks, branches and users, no POS', async () => {
    expect(await menu('filiale.30480')).toEqual([...DOWNLOADS, '/about', '/anagrafiche/anaBanca', '/anagrafiche/filiali', '/anagrafiche/utenti', '/esercente/negozi', '/esercente/ricercaEsercente', '/esercente/scontiImmediati', '/esercente/terminali', '/impostazioni', '/movimenti/search', '/ricerca/ricercaContrattiCompagnie', '/ricerca/ricercaContrattiCompagnie/scarti', '/ricerca/ricercaContrattiCompagnie/testapacchi', '/security/cambioPassword', '/security/mailoutbox', '/security/monitorsoglierischiofrodi', '/security/monitortransato', '/security/stornimonitor', '/statistiche/confrontoDatiPeriodo', '/statistiche/scontiimmediati', '/statistiche/transato/search', '/statistiche/transatoGiornaliero', '/statistiche/ventiscity', '/statistiche/movimentiSatispay', '/statistiche/report', '/report/intour'].sort());
  });

  it('sede.30480 (BANCA_SEDE) also sees the POS catalogues and the warehouse', async () => {
    expect(await menu('sede.30480')).toEqual([...DOWNLOADS, '/about', '/anagrafiche/anaBanca', '/anagrafiche/filiali', '/anagrafiche/merchant', '/anagrafiche/notificautenti', '/anagrafiche/posFisici', '/anagrafiche/posgenerici', '/anagrafiche/searchManutenzione', '/anagrafiche/utenti', '/assistenza/FTMerc', '/esercente/negozi', '/esercente/ricercaEsercente', '/esercente/scontiImmediati', '/esercente/terminali', '/impostazioni', '/magazzino/giacenze', '/magazzino/movimenti', '/movimenti/search', '/report/trasrepo', '/report/trasrepo/nuovo', '/report/trasrepoeserc', '/report/trasrepoeserc/nuovo', '/ricerca/ricercaContrattiCompagnie', '/ricerca/ricercaContrattiCompagnie/scarti', '/ricerca/ricercaContrattiCompagnie/testapacchi', '/richieste/sospesi/banca', '/security/cambioPassword', '/security/ges-risc-destinatari', '/security/mailoutbox', '/security/monitorsoglierischiofrodi', '/security/monitortransato', '/security/ruoli', '/security/stornimonitor', '/security/template-mail-rischio', '/statistiche/confrontoDatiPeriodo', '/statistiche/dashboard', '/statistiche/scontiimmediati', '/statistiche/tracciato', '/statistiche/transato/search', '/statistiche/transatoGiornaliero', '/statistiche/ventiscity', '/statistiche/movimentiSatispay', '/statistiche/report', '/report/intour'].sort());
  });

  it('agente.push sees its agents, the password change and the merchant registry (the push aggregate\'s); the merchants see only their business portal\'s pages', async () => {
    expect(await menu('agente.push')).toEqual(['/about', '/anagrafiche/agentipush', '/anagrafiche/agentipush/reportAttivazioni', '/esercente/negozi', '/esercente/ricercaEsercente', '/esercente/scontiImmediati', '/esercente/terminali', '/impostazioni', '/security/cambioPassword']);
    // A merchant's menu is the business portal's: the bank-side pages its functions would open are not offered.
    expect(await menu('merchant.0001234')).toEqual(['/wpbusiness/confrontoSettore', '/wpbusiness/contatti', '/wpbusiness/documenti/contrattiAcquiring', '/wpbusiness/documenti/contratto', '/wpbusiness/documenti/fatture', '/wpbusiness/documenti/lettereAddebito', '/wpbusiness/impostazioni', '/wpbusiness/profilo/cambioPassword', '/wpbusiness/profilo/datiPersonali', '/wpbusiness/profilo/schedeProdotto', '/wpbusiness/riepilogoTransazioni', '/wpbusiness/analisiTransazioni', '/wpbusiness/servizi/pwmail/messaggimail', '/wpbusiness/servizi/pwmail/richieste', '/wpbusiness/statistiche/confrontoDatiPeriodo', '/wpbusiness/statistiche/movimenti', '/wpbusiness/statistiche/movimenti/aggregato', '/wpbusiness/statistiche/ventisCity'].sort());
    expect(await menu('operatore.0001234')).toEqual(['/wpbusiness/analisiTransazioni', '/wpbusiness/confrontoSettore', '/wpbusiness/profilo/cambioPassword', '/wpbusiness/profilo/datiPersonali', '/wpbusiness/profilo/schedeProdotto', '/wpbusiness/riepilogoTransazioni', '/wpbusiness/servizi/pwmail/messaggimail', '/wpbusiness/servizi/pwmail/richieste', '/wpbusiness/statistiche/confrontoDatiPeriodo', '/wpbusiness/statistiche/movimenti', '/wpbusiness/statistiche/movimenti/aggregato', '/wpbusiness/statistiche/ventisCity'].sort());
  });

  it('every menu route of an entity opens (its list answers 200), every other list of the caller\'s shell is refused (403), no other shell\'s route is offered', async () => {
    // A list that needs a filter (api.requireOneFilter) is asked with one, as its page does.
    const needed: Partial<Record<string, string>> = { Esercente: '?codAbi=30480', DestinatariRischio: '?abiBanca=30480', ContrattoCompagnia: '?codCompagnie=20' };
    // A list searched by period (api.period) is asked with one, as its page opens.
    const period = (e: (typeof app.artifacts.model.entities)[number]) => {
      const opening = e.api.period && defaultPeriod(e.api.period, '2026-11-26');
      return e.api.period && opening ? `?${e.api.period.from}=${opening.from}&${e.api.period.to}=${opening.to}` : '';
    };
    const lists = app.artifacts.model.entities.flatMap((e) => (e.menu && e.list ? [{ route: e.list.route, path: `/${e.api.path}${e.api.requireOneFilter ? present(needed[e.name], e.name) : period(e)}` }] : []));
    const { shells } = app.artifacts.model.shell;
    const shellOf = (route: string) => (deepestShell(shells, route) ?? shells[0]).name;
    for (const [user, shell] of [['filiale.30480', 'bank'], ['sede.30480', 'bank'], ['agente.push', 'bank'], ['merchant.0001234', 'business']] as const) {
      const routes = await menu(user);
      expect(routes.filter((r) => shellOf(r) !== shell), user).toEqual([]);
      for (const l of lists.filter((x) => shellOf(x.route) === shell)) {
        const res = await as[user].get(`${API}${l.path}`);
        expect(res.status, `${user} ${l.route}`).toBe(routes.includes(l.route) ? 200 : 403);
      }
    }
  });
});

describe('PUT users/me/email', () => {
  it("saves the caller's e-mail with the success message", async () => {
    const res = await as['filiale.30480'].put(`${API}/users/me/email`).send({ email: 'franca.filiale@bcc-esempio.example', password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "L'indirizzo mail è stato salvato correttamente!" });
    expect((await app.db('utente').where({ username: 'filiale.30480' }).first()).email).toBe('franca.filiale@bcc-esempio.example');
    expect((await me('filiale.30480')).email).toBe('franca.filiale@bcc-esempio.example');
  });

  it('changes only the caller (no username in the call)', async () => {
    expect((await app.db('utente').where({ username: 'sede.30480' }).first()).email).toBe('sede.30480@bcc-esempio.example');
  });

  it('refuses a malformed e-mail with the field message', async () => {
    const res = await as['filiale.30480'].put(`${API}/users/me/email`).send({ email: 'non-una-mail', password: DEMO_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR', details: [{ field: 'email', message: 'Indirizzo e-mail non valido' }] });
  });

  it('answers 401 without a token', async () => {
    const res = await app.anonymous.put(`${API}/users/me/email`).send({ email: 'x@y.example', password: DEMO_PASSWORD });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });
});
