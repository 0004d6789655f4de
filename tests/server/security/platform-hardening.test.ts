/**
 * Issue 12 (outside security audit), the platform items: each is fixed once in the spec language and the
 * generic runtime, and each `it` here failed on the code before the fix.
 *   2   reserved role names (ROLE_ADMIN, ROLE_WPB, MERCHANT_OP) are written by assistance only
 *   3   tenant-structure fields (a group's parent and type, a bank's warehouse group) are assistance's
 *   4   warehouse approval: states other than the pending one only through what their transition requires
 *   5   readOnly / server-set fields are never taken from a request body
 *   13  a user is given only roles that exist in their group chain
 *   15a a duplicate key out of the caller's scope answers like any out-of-scope create
 *   extra a role held by users cannot be deleted
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../../server/config.js';
import { named, present } from '../../../server/lookup.js';
import { API, createTestApp, type TestApp } from '../../support/test-app.js';
import { etagOf } from '../../support/versions.js';

let app: TestApp;
type Agent = TestApp['request'];
let gestore: Agent; // head office of 30480 with delegated role and user management (GES_RUOLI:*, GES_UTENTI:*)
let sede: Agent; // sede.30480: ANAG_BANCHE:AGGIORNAMENTO, GES_UTENTI, GES_MAG
let sede60855: Agent; // GES_MAG on 60855, but not of the group that owns its stock
let federazione: Agent; // group 15000, owns the stock of 60855

const error = (code: string, errorMessage: string, details: { field: string; message: string }[] = []) => ({ code, errorMessage, details });
const FORBIDDEN = error('FORBIDDEN', 'Operazione non consentita');
const ASSISTANCE_ONLY = "Campo modificabile solo dall'assistenza";
const RESERVED_ROLE = (name: string) => `Ruolo riservato all'assistenza: ${name}`;
const unknownField = (field: string) => error('VALIDATION_ERROR', 'Dati non validi', [{ field, message: 'Campo non previsto' }]);

async function put(agent: Agent, path: string, body: object) {
  return agent.put(`${API}${path}`).set('If-Match', await etagOf(agent, `${API}${path}`)).send(body);
}
/** A user of `group` holding `roles`, with the demo password. */
async function addUser(username: string, group: string, roles: string[]) {
  const { password_hash } = await app.db('credenziale').where({ username: 'sede.30480' }).first();
  await app.db('utente').insert({ username, full_name: `Utente ${username}`, email: `${username}@test.example`, group, locked: false, enabled: true });
  for (const role of roles) await app.db('utente_ruolo').insert({ username, role_name: role });
  await app.db('credenziale').insert({ username, password_hash, password_changed_at: new Date().toISOString(), must_change: false, failed_attempts: 0 });
}
const stock = async (codAbi: string, codModpos: string) => Number((await app.db('giacenza').where({ cod_abi: codAbi, cod_modpos: codModpos }).first()).qta_giacenza);
const movement = (body: Record<string, unknown>) => ({ codAbi: '60855', codModpos: '101', tipoMov: 'R+', qtaMov: 2, dataMov: '2026-03-10', ...body });

beforeAll(async () => {
  app = await createTestApp();
  await app.db('ruolo').insert({ group_name: '30480', role_name: 'GESTORE', description: 'Gestione delegata di ruoli e utenti' });
  // WB_CHANGE_PASS covers MERCHANT_OP's only grant: refusing MERCHANT_OP is then about its name, not its grants.
  await app.db('ruolo_permesso').insert(['GES_RUOLI', 'GES_UTENTI', 'ANAG_BANCHE', 'WB_CHANGE_PASS'].map((funzione) => ({ group_name: '30480', role_name: 'GESTORE', funzione, azione: '*' })));
  await addUser('gestore.30480', '30480', ['GESTORE']);
  gestore = await app.loginAs('gestore.30480');
  sede = await app.loginAs('sede.30480');
  sede60855 = await app.loginAs('sede.60855');
  federazione = await app.loginAs('federazione');
}, 120_000);
afterAll(() => app.close());

describe('issue 12, platform items', () => {
  it('item 2: reserved role names are created and assigned by assistance only', async () => {
    // Creating a role called ROLE_ADMIN in one's own group (cloning included) would make its holders assistance.
    const role = await gestore.post(`${API}/gruppi/30480/ruoli`).send({ groupName: '30480', roleName: 'ROLE_ADMIN', permessi: [{ funzione: 'GES_RUOLI', azione: 'VISUALIZZAZIONE' }] });
    expect(role.status).toBe(403);
    expect(role.body).toEqual({ ...FORBIDDEN, details: [{ field: 'roleName', message: RESERVED_ROLE('ROLE_ADMIN') }] });
    expect(await app.db('ruolo').where({ role_name: 'ROLE_ADMIN' }).pluck('group_name')).toEqual(['11000']);
    // Nor may the reserved names be given to a user: on create, in the user's save, or in the role list alone.
    const created = await gestore.post(`${API}/users`).send({ username: 'finto.operatore', group: '30480', authorities: [{ roleName: 'GESTORE' }, { roleName: 'MERCHANT_OP' }] });
    expect(created.status).toBe(403);
    expect(created.body).toEqual({ ...FORBIDDEN, details: [{ field: 'authorities.1.roleName', message: RESERVED_ROLE('MERCHANT_OP') }] });
    const self = await put(gestore, '/users/gestore.30480/authorities', [{ roleName: 'GESTORE' }, { roleName: 'MERCHANT_OP' }]);
    expect(self.status).toBe(403);
    expect(self.body).toEqual({ ...FORBIDDEN, details: [{ field: '1.roleName', message: RESERVED_ROLE('MERCHANT_OP') }] });
    expect(await app.db('utente_ruolo').where({ username: 'gestore.30480' }).pluck('role_name')).toEqual(['GESTORE']);
    // A user who already holds one keeps it when their row is saved back unchanged (forms send whole rows).
    await addUser('operatore.tenuto', '30480', ['MERCHANT_OP']);
    const kept = await put(gestore, '/users/operatore.tenuto', { username: 'operatore.tenuto', group: '30480', fullName: 'Rinominato', authorities: [{ roleName: 'MERCHANT_OP' }] });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    // Assistance may.
    const byAssistance = await app.request.post(`${API}/users`).send({ username: 'operatore.nuovo', group: '30480-0001234', authorities: [{ roleName: 'MERCHANT_OP' }] });
    expect(byAssistance.status).toBe(201);
  });

  it('item 3: tenant-structure fields (group parent and type, warehouse group) are written by assistance only', async () => {
    const current = (await sede.get(`${API}/banche/30480`)).body;
    delete current._actions;
    // Moving its own group under another group would widen the bank's scope.
    const moved = await put(sede, '/banche/30480', { ...current, group: { ...current.group, parentGroup: '15000' } });
    expect(moved.status).toBe(403);
    expect(moved.body).toEqual({ ...FORBIDDEN, details: [{ field: 'group.parentGroup', message: ASSISTANCE_ONLY }] });
    const warehouse = await put(sede, '/banche/30480', { ...current, gruppoGestMagazzino: '15000' });
    expect(warehouse.status).toBe(403);
    expect(warehouse.body).toEqual({ ...FORBIDDEN, details: [{ field: 'gruppoGestMagazzino', message: ASSISTANCE_ONLY }] });
    expect(await app.db('gruppo').where({ group_name: '30480' }).first()).toMatchObject({ parent_group: '11000', group_type: 'B' });
    expect((await app.db('banca').where({ cod_abi: '30480' }).first()).gruppo_gest_magazzino).toBe('30480');
    // The whole row sent back unchanged is fine, and so is any other change.
    const same = await put(sede, '/banche/30480', { ...current, regione: 'Lombardia ' });
    expect(same.status).toBe(200);
    // Assistance may restructure.
    const byAssistance = await put(app.request, '/banche/30480', { ...current, group: { ...current.group, parentGroup: '15000' } });
    expect(byAssistance.status).toBe(200);
    expect(byAssistance.body.group.parentGroup).toBe('15000');
    expect((await put(app.request, '/banche/30480', current)).status).toBe(200);
  });

  it('item 4: a movement starts pending; starting it accepted needs what accepting needs; stock changes only by movements', async () => {
    const before = await stock('60855', '101');
    // Without a state: pending, the stock waits.
    const plain = await sede60855.post(`${API}/magazzino/movimenti`).send(movement({}));
    expect(plain.status).toBe(201);
    expect(plain.body.statoMov).toBe('S');
    expect(await stock('60855', '101')).toBe(before);
    // "Accettato" by someone who could not accept it: refused as the transition would be.
    const forged = await sede60855.post(`${API}/magazzino/movimenti`).send(movement({ statoMov: 'A' }));
    expect(forged.status).toBe(403);
    expect(forged.body).toEqual(FORBIDDEN);
    expect(await stock('60855', '101')).toBe(before);
    // The owning group may: the stock variation of seed 000 §7, with the effects of 'accetta'.
    const variation = await federazione.post(`${API}/magazzino/movimenti`).send(movement({ statoMov: 'A' }));
    expect(variation.status).toBe(201);
    expect(variation.body).toMatchObject({ statoMov: 'A', utenteEsito: 'federazione' });
    expect(await stock('60855', '101')).toBe(before + 2);
    // The form offers no state: it shows the pending default, read-only.
    const form = JSON.parse(readFileSync(join(ROOT_DIR, 'generated', 'forms', 'MovimentoMagazzino.json'), 'utf8'));
    expect(form.schema.properties.statoMov.default).toBe('S');
    expect(form.uiSchema.statoMov['ui:readonly']).toBe(true);
    // Stock itself cannot be written: no update, and a new stock row starts at 0.
    const rewrite = await put(federazione, '/magazzino/giacenze/60855/101', { codAbi: '60855', codModpos: '101', qtaGiacenza: 999 });
    expect(rewrite.status).toBe(404);
    expect(rewrite.body.code).toBe('ROUTE_NOT_FOUND');
    const withQuantity = await federazione.post(`${API}/magazzino/giacenze`).send({ codAbi: '60855', codModpos: 'A37', qtaGiacenza: 50 });
    expect(withQuantity.status).toBe(400);
    expect(withQuantity.body).toEqual(unknownField('qtaGiacenza'));
    const registered = await federazione.post(`${API}/magazzino/giacenze`).send({ codAbi: '60855', codModpos: 'A37' });
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({ qtaGiacenza: 0, qtaGiacenzaOrg: 0 });
    expect(await stock('60855', '101')).toBe(before + 2);
  });

  it('item 5: readOnly and server-set fields are refused in bodies, in the document and in the service', async () => {
    const forged = await federazione.post(`${API}/magazzino/movimenti`).send(movement({ statoMov: 'S', utenteEsito: 'sede.60855', notaEsito: 'deciso da altri' }));
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual(error('VALIDATION_ERROR', 'Dati non validi', [
      { field: 'utenteEsito', message: 'Campo non previsto' }, { field: 'notaEsito', message: 'Campo non previsto' },
    ]));
    const chosenId = await app.request.post(`${API}/gestionenotifiche`).send({ id: 'scelto-dal-client', titolo: 'T', messaggio: 'M', dataInizio: '2026-01-01' });
    expect(chosenId.status).toBe(400);
    expect(chosenId.body).toEqual(unknownField('id'));
    const notifica = await app.request.post(`${API}/gestionenotifiche`).send({ titolo: 'T', messaggio: 'M', dataInizio: '2026-01-01', creatoDa: 'qualcuno' });
    expect(notifica.body).toEqual(unknownField('creatoDa'));
    // The input schemas of the document leave them out (the row schemas keep them).
    const openapi = JSON.parse(readFileSync(join(ROOT_DIR, 'generated', 'openapi.json'), 'utf8'));
    const props = (name: string) => Object.keys(openapi.components.schemas[name].properties);
    expect(props('MovimentoMagazzinoCreateInput')).not.toContain('utenteEsito');
    expect(props('MovimentoMagazzinoCreateInput')).not.toContain('id');
    expect(props('NotificaInput')).not.toContain('creatoIl');
    expect(props('MovimentoMagazzino')).toContain('utenteEsito');
    // The service refuses them too, whoever calls it (a hand-written handler, another route).
    const { EntityService } = await import('../../../server/crud/entity-service.js');
    const { loadCaller } = await import('../../../server/domain/auth/caller.js');
    const entity = named(app.artifacts.model.entities, 'MovimentoMagazzino', 'entities');
    const service = new EntityService(app.db, app.artifacts.model, entity, []);
    const caller = present(await loadCaller(app.db, 'federazione', 'banca'), 'the caller federazione');
    await expect(service.create(movement({ statoMov: 'S', dataEsito: '2026-01-01T00:00:00Z' }), caller)).rejects.toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'dataEsito', message: 'Campo non previsto' }] });
  });

  it('item 13: a role must exist in the user\'s group or one of its ancestors', async () => {
    const res = await gestore.post(`${API}/users`).send({ username: 'con.ruolo.finto', group: '30480', authorities: [{ roleName: 'GESTORE' }, { roleName: 'XYZ' }] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(error('VALIDATION_ERROR', 'Dati non validi', [{ field: 'authorities.1.roleName', message: 'Ruolo inesistente: XYZ' }]));
    expect(await app.db('utente').where({ username: 'con.ruolo.finto' })).toEqual([]);
    // A role of another bank's group is not one of this user's.
    await app.db('ruolo').insert({ group_name: '34256', role_name: 'SOLO_34256', description: 'Ruolo di 34256' });
    const other = await put(app.request, '/users/gestore.30480/authorities', [{ roleName: 'SOLO_34256' }]);
    expect(other.status).toBe(400);
    expect(other.body).toEqual(error('VALIDATION_ERROR', 'Dati non validi', [{ field: '0.roleName', message: 'Ruolo inesistente: SOLO_34256' }]));
    // Roles of the group and of its ancestors are fine.
    expect((await gestore.post(`${API}/users`).send({ username: 'con.ruoli.veri', group: '30480', authorities: [{ roleName: 'GESTORE' }] })).status).toBe(201);
  });

  it('item 15a: a key that exists out of the caller\'s scope answers like any out-of-scope create, never 409', async () => {
    // sede.60855 exists in bank 60855, which sede.30480 cannot see.
    const taken = await sede.post(`${API}/users`).send({ username: 'sede.60855', group: '30480' });
    const outOfScope = await sede.post(`${API}/users`).send({ username: 'mai.esistito', group: '60855' });
    expect(outOfScope.status).toBe(403);
    expect(taken.status).toBe(outOfScope.status);
    expect(taken.body).toEqual(outOfScope.body);
    expect(JSON.stringify(taken.body)).not.toContain('sede.60855');
    // Inside the caller's own scope a duplicate is still a duplicate.
    const own = await sede.post(`${API}/users`).send({ username: 'filiale.30480', group: '30480' });
    expect(own.status).toBe(409);
    expect(own.body).toEqual(error('DUPLICATE_KEY', "Elemento già presente"));
  });

  it('extra: a role that users hold cannot be deleted; once nobody holds it, it can', async () => {
    await app.db('ruolo').insert({ group_name: '30480', role_name: 'DA_TOGLIERE', description: 'Ruolo in uso' });
    await addUser('tiene.uno', '30480', ['DA_TOGLIERE']);
    await addUser('tiene.due', '30480', ['DA_TOGLIERE']);
    const path = '/gruppi/30480/ruoli/DA_TOGLIERE';
    const refused = await gestore.delete(`${API}${path}`).set('If-Match', await etagOf(gestore, `${API}${path}`));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(error('REFERENCED', 'Elemento utilizzato altrove: impossibile eliminarlo', [
      { field: 'roleName', message: 'Ruolo assegnato a 2 utenti: toglierlo prima agli utenti' },
    ]));
    await app.db('utente_ruolo').where({ username: 'tiene.due' }).delete();
    const one = await gestore.delete(`${API}${path}`).set('If-Match', await etagOf(gestore, `${API}${path}`));
    expect(one.body.details).toEqual([{ field: 'roleName', message: "Ruolo assegnato a 1 utente: toglierlo prima all'utente" }]);
    await app.db('utente_ruolo').where({ username: 'tiene.uno' }).delete();
    expect((await gestore.delete(`${API}${path}`).set('If-Match', await etagOf(gestore, `${API}${path}`))).status).toBe(204);
  });
});
