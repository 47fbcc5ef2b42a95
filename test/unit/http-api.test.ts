import type { AddressInfo } from 'node:net';
import express from 'express';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkResponses, jsonApi, operationsOf, undeclared } from '../../src/http/api.js';
import { errorHandler } from '../../src/http/errors.js';
import { openApiDocument } from '../../src/http/openapi.js';

const thing = z.object({ id: z.number().int(), name: z.string() });

/** A router with one call whose handler answers what the test says, checked as in the test suites. */
function app(answer: unknown) {
  const router = express.Router();
  jsonApi(router, 'Things').post(
    '/things/:id',
    { summary: 'Rename a thing', params: z.object({ id: z.coerce.number().int().positive() }), body: z.object({ name: z.string().min(1) }), response: thing },
    () => answer as z.input<typeof thing>,
  );
  const a = express();
  a.use(express.json());
  a.use(checkResponses());
  a.use(router);
  a.use(errorHandler(pino({ level: 'silent' })));
  return { a, router };
}

let close: (() => void) | undefined;
afterEach(() => close?.());

async function post(a: express.Express, path: string, body: unknown) {
  const server = a.listen(0);
  close = () => server.close();
  await new Promise((r) => server.once('listening', r));
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('jsonApi: a call registers its schemas once', () => {
  it('validates the request with them: a bad value is a 400 naming the field', async () => {
    const { a } = app({ id: 1, name: 'x' });
    expect(await post(a, '/things/1', { name: '' })).toMatchObject({ status: 400, body: { fields: { name: expect.any(String) } } });
    expect(await post(a, '/things/abc', { name: 'x' })).toMatchObject({ status: 400, body: { fields: { id: expect.any(String) } } });
    expect(await post(a, '/things/1', { name: 'x' })).toEqual({ status: 200, body: { id: 1, name: 'x' } });
  });

  it('in the test suites, a response that drifts from its schema fails with the call and the field named', async () => {
    const { a } = app({ id: '1', name: 'x' });
    const res = await post(a, '/things/1', { name: 'x' });
    expect(res.status).toBe(500);
    expect(res.body.error).toMatch(/^POST \/things\/:id: the response does not match its schema \(id: /);
  });

  it('in the test suites, a response that sends a field its schema does not declare fails too (zod would drop it silently)', async () => {
    const { a } = app({ id: 1, name: 'x', secret: 'token' });
    const res = await post(a, '/things/1', { name: 'x' });
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ fields: { secret: 'sent but not in the schema' } });
  });

  it('undeclared keys are found at any depth, in arrays too, and none when the schema declares them all', () => {
    const schema = z.object({ items: z.array(z.object({ id: z.number() })), meta: z.record(z.string(), z.unknown()) });
    const sent = { items: [{ id: 1 }, { id: 2, extra: true }], meta: { anything: 1 } };
    expect(undeclared(sent, schema.parse(sent))).toEqual({ 'items.1.extra': 'sent but not in the schema' });
    const clean = { items: [{ id: 1 }], meta: {} };
    expect(undeclared(clean, schema.parse(clean))).toEqual({});
  });

  it('a body the service parses after its access check is documented, not parsed by the router', async () => {
    const router = express.Router();
    const body = z.object({ name: z.string().min(1) });
    let received: unknown;
    jsonApi(router, 'Things').post('/things', { summary: 'Make a thing', serviceBody: body, response: thing }, ({ req }) => {
      received = req.body;
      return { id: 1, name: 'x' };
    });
    const a = express();
    a.use(express.json());
    a.use(router);
    a.use(errorHandler(pino({ level: 'silent' })));
    expect(await post(a, '/things', { name: '' })).toEqual({ status: 200, body: { id: 1, name: 'x' } });
    expect(received).toEqual({ name: '' });
    const doc = openApiDocument([router], { version: '1.0.0', serverUrl: 'http://localhost' }) as unknown as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>> };
    expect(doc.paths['/things']!.post!.requestBody?.content['application/json']).toEqual({ schema: expect.objectContaining({ properties: { name: expect.objectContaining({ type: 'string' }) } }) });
  });

  it('the OpenAPI document is made from the same schemas', () => {
    const { router } = app({});
    expect(operationsOf(router)).toHaveLength(1);
    const doc = openApiDocument([router], { version: '1.0.0', serverUrl: 'http://localhost' }) as unknown as { paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }>; requestBody?: unknown }>> };
    const op = doc.paths['/things/{id}']!.post!;
    expect(op.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })]);
    expect(op.requestBody).toBeDefined();
  });
});
