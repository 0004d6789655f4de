/**
 * How a request finds its operation (server/http/operation-routes.ts): what no operation takes is 404
 * 'Servizio inesistente' before any other check, a fixed path wins over a parameter in its place, and
 * authorization comes before the request check, so a caller without the right learns nothing of the shape.
 * On the fixture's articles (tests/fixtures/README.md).
 */
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../server/http/api-error.js';
import { operationRoutes } from '../../../server/http/operation-routes.js';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, type TestApp } from '../../support/test-app.js';

const NOT_FOUND = { errorMessage: 'Servizio inesistente', code: 'ROUTE_NOT_FOUND', details: [] };

let app: TestApp;
beforeAll(async () => { app = await createFixtureApp(); });
afterAll(() => app.close());

describe('operation routes', () => {
  it('HEAD and OPTIONS, which the document never declares, are 404 without listing the methods', async () => {
    const head = await app.request.head(`${API}/articoli/ALFA01`);
    expect(head.status).toBe(404);
    const options = await app.request.options(`${API}/articoli/ALFA01`);
    expect(options.status).toBe(404);
    expect(options.body).toEqual(NOT_FOUND);
    expect(options.headers.allow).toBeUndefined();
  });

  it('a path parameter that is not valid percent-encoding is 404, not a 500', async () => {
    const res = await app.request.get(`${API}/articoli/%E0%A4%A`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });

  it('a fixed path is matched before a parameter in its place: POST /articoli/esportazioni queues an export', async () => {
    const res = await app.request.post(`${API}/articoli/esportazioni?formato=csv&codAbi=10001`);
    expect(res.status).toBe(202);
  });

  it('an anonymous caller gets 401 and one without the permission 403, whatever the body, before its check', async () => {
    const invalid = { codice: 'not a code', unknownField: true };
    const anonymous = await app.anonymous.post(`${API}/articoli`).set('X-Requested-With', 'XMLHttpRequest').send(invalid);
    expect(anonymous.status).toBe(401);
    const branch = await app.loginAs('filiale.10001');
    const forbidden = await branch.post(`${API}/articoli`).send(invalid);
    expect(forbidden.status).toBe(403);
    expect((await app.request.post(`${API}/articoli`).send(invalid)).status).toBe(400);
  });
});

/**
 * The routes are grouped by their first segment, so a request tries only its own group's routes. A document path
 * that starts with a parameter is tried after the group's routes, for any first segment; what matches nothing
 * is still ROUTE_NOT_FOUND, also for OPTIONS. On a document of three paths, with handlers that say who answered.
 */
describe('routes grouped by first segment', () => {
  const ok = (body: Record<string, unknown>) => ({ get: { operationId: String(body.id), responses: {} } });
  const document = { paths: { '/alfa/{id}': ok({ id: 'alfa' }), '/alfa/fisso': ok({ id: 'fisso' }), '/{tipo}/elenco': ok({ id: 'tipo' }) } };
  const server = express();
  const answer = (name: string): RequestHandler => (req, res) => { res.json({ name, params: req.params }); };
  server.use(operationRoutes(document, [], () => [], [], (_method, path) => answer(path)));
  server.use(((error, _req, res, _next) => { res.status(404).json({ code: error instanceof ApiError ? error.code : 'other' }); }) satisfies ErrorRequestHandler);

  it('a fixed path before a parameter, a parameter-first path for any segment, whatever the case of the segment', async () => {
    expect((await request(server).get('/alfa/fisso')).body).toEqual({ name: '/alfa/fisso', params: {} });
    expect((await request(server).get('/ALFA/x1')).body).toEqual({ name: '/alfa/{id}', params: { id: 'x1' } });
    expect((await request(server).get('/alfa/elenco')).body).toEqual({ name: '/alfa/{id}', params: { id: 'elenco' } });
    expect((await request(server).get('/beta/elenco')).body).toEqual({ name: '/{tipo}/elenco', params: { tipo: 'beta' } });
    expect((await request(server).get('/beta/altro')).body).toEqual({ code: 'ROUTE_NOT_FOUND' });
    const options = await request(server).options('/alfa/fisso');
    expect([options.status, options.body, options.headers.allow]).toEqual([404, { code: 'ROUTE_NOT_FOUND' }, undefined]);
  });
});
