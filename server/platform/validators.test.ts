import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sharedValidators } from './validators.ts';

const body = () => ({
  type: 'object',
  additionalProperties: false,
  required: ['amount'],
  properties: { amount: { type: 'string', pattern: '^\\d+(\\.\\d+)?$', maxLength: 40 }, count: { type: 'integer', minimum: 1, maximum: 10 } },
});
const fastifyAjv = { customOptions: {}, plugins: [] };

describe('one validator compiler for every sandbox of the process', () => {
  it('compiles a schema once, by its text, for every instance with the same options', () => {
    const first = sharedValidators({}, fastifyAjv);
    const second = sharedValidators({}, fastifyAjv);
    const route = { method: 'POST', url: '/a', httpPart: 'body' } as const;
    const validate = first({ ...route, schema: body() });
    // Another instance, another object with the same text: the same compiled function.
    expect(second({ ...route, url: '/b', schema: body() })).toBe(validate);
    // A schema that differs is compiled on its own.
    const other = { ...body(), required: ['amount', 'count'] };
    expect(second({ ...route, schema: other })).not.toBe(validate);
    // Other Ajv options: another compiler, nothing shared.
    expect(sharedValidators({}, { customOptions: { coerceTypes: false }, plugins: [] })({ ...route, schema: body() })).not.toBe(validate);
  });

  it('validates as Fastify does by default: ranges, patterns, unknown fields, coercion of the query', async () => {
    const apps = [0, 1].map(() => {
      const app = Fastify({ schemaController: { compilersFactory: { buildValidator: sharedValidators } } });
      app.post('/pay', { schema: { body: body() } }, async (request) => request.body);
      app.get('/list', { schema: { querystring: { type: 'object', properties: { count: { type: 'integer', minimum: 1, maximum: 10 } } } } }, async (request) => request.query);
      return app;
    });
    for (const app of apps) {
      const ok = await app.inject({ method: 'POST', url: '/pay', payload: { amount: '12.5', count: 3, extra: 'dropped' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ amount: '12.5', count: 3 });
      for (const payload of [{ amount: '1e9' }, { amount: '1', count: 11 }, { count: 1 }, { amount: '1'.repeat(41) }]) {
        expect((await app.inject({ method: 'POST', url: '/pay', payload })).statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect((await app.inject({ method: 'GET', url: '/list?count=4' })).json()).toEqual({ count: 4 });
      expect((await app.inject({ method: 'GET', url: '/list?count=0' })).statusCode).toBe(400);
      await app.close();
    }
  });
});

describe('numbers (server/README.md "Bad input")', () => {
  it('refuses non-finite, unsafe and mistyped numbers with 400 and keeps plain ones and decimal text', async () => {
    const app = Fastify({ schemaController: { compilersFactory: { buildValidator: sharedValidators } } });
    app.post('/pay', { schema: { body: body() } }, async (request) => request.body);
    app.get('/list', { schema: { querystring: { type: 'object', properties: { count: { type: 'integer', minimum: 1 } } } } }, async (request) => request.query);
    const post = (payload: string) => app.inject({ method: 'POST', url: '/pay', headers: { 'content-type': 'application/json' }, payload });
    expect((await post('{"amount":"12.5","count":3}')).json()).toEqual({ amount: '12.5', count: 3 });
    for (const count of ['"Infinity"', '"1e400"', '1e400', '"0x10"', '"1e1"', '"3"', 'true']) {
      const reply = await post(`{"amount":"1","count":${count}}`);
      expect(reply.statusCode, count).toBe(400);
      // Fastify's own error names the part and the field (the API's envelope puts it in data.field).
      expect(reply.json<{ message: string }>().message, count).toMatch(/^body\/count /);
    }
    // JSON's 1e400 in a text field arrives as Infinity: refused too.
    expect((await post('{"amount":1e400}')).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/list?count=20' })).json()).toEqual({ count: 20 });
    for (const count of ['Infinity', '1e400', '0x10', '1e1', '99999999999999999999']) {
      expect((await app.inject({ method: 'GET', url: `/list?count=${count}` })).statusCode, count).toBe(400);
    }
    await app.close();
  });
});
