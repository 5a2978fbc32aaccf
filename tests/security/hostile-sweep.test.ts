import type { ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUser } from '../../server/identity/seed.ts';
import { startChildSandbox } from '../api/child-sandbox.ts';
import { encryptFor } from '../api/encrypt.ts';
import { kinds, type Schema } from './schema-probes.ts';

/**
 * Every call of the contract (every call map under contract/, the /_dev controls included) and every other route
 * of the API is sent hostile values in each of its fields, body and query, one field at a time with the others
 * plausible, signed in as the demo user: text that coerces to a non-finite number ("Infinity", "1e400"…), JSON's
 * `1e400`, huge numbers, hex and exponent text, and values of the wrong type. Not one answer may be 500 or above
 * (server/README.md "Bad input": bad input gets a 4xx envelope, never a 5xx).
 */
const contractDir = fileURLToPath(new URL('../../contract/', import.meta.url));


/** Every call map the contract exports: objects whose values are call definitions (method, reply schema). */
async function contractCalls(): Promise<Map<string, { method: string; auth: string }>> {
  const calls = new Map<string, { method: string; auth: string }>();
  const files = readdirSync(contractDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  for (const file of files) {
    const module = (await import(path.join(contractDir, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
      const entries = Object.entries(value as Record<string, unknown>);
      const isCallMap =
        entries.length > 0 &&
        entries.every(([key, def]) => key.startsWith('/') && def !== null && typeof def === 'object' && 'method' in def && 'reply' in def);
      if (isCallMap) for (const [url, def] of entries) calls.set(url, def as { method: string; auth: string });
    }
  }
  return calls;
}

/** Values a field plausibly takes, so a probe of another field gets past this one. */
const plausible: Record<string, unknown> = {
  instrumentId: 'BTCUSDT',
  symbol: 'BTCUSDT',
  baseCurrency: 'BTC',
  quoteCurrency: 'USDT',
  asset: 'USDT',
  coin: 'USDT',
  currency: 'USDT',
  direction: 'buy',
  priceType: 'limit',
  price: '60000',
  volume: '0.01',
  amount: '1',
  leverage: 10,
  accountType: 2,
  fromAccountType: 1,
  toAccountType: 2,
};
const textCandidates = ['1', '10', 'USDT', 'BTCUSDT', 'BTC', 'abcd1234', 'sweep-request-0001', '123456', '+852', '61234567', '2026-01-05', 'P000000000001', 'abcdefgh12345678', 'A'];


/** A value the schema takes (as far as a guess goes): the base every probe changes one field of. */
function example(schema: Schema, name: string, depth = 0): unknown {
  const choices = schema.enum ?? ('const' in schema ? [schema.const] : schema.anyOf?.every((branch) => 'const' in branch) ? schema.anyOf.map((branch) => branch.const) : undefined);
  if (name in plausible && (!choices || choices.includes(plausible[name]))) return plausible[name];
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.anyOf) return example(schema.anyOf[0]!, name, depth);
  const type = kinds(schema)[0];
  if (type === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(schema.properties ?? {})) {
      if (depth < 4 && (schema.required?.includes(key) || key in plausible)) out[key] = example(inner, key, depth + 1);
    }
    return out;
  }
  if (type === 'array') return schema.minItems && schema.items ? Array.from({ length: schema.minItems }, () => example(schema.items!, name, depth + 1)) : [];
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  if (type === 'string') {
    if (schema.format === 'date-time') return '2026-01-05T09:00:00.000Z';
    if (schema.format === 'date') return '2026-01-05';
    const fits = (text: string) =>
      (!schema.pattern || new RegExp(schema.pattern, 'u').test(text)) && text.length >= (schema.minLength ?? 0) && text.length <= (schema.maxLength ?? Infinity);
    return textCandidates.find(fits) ?? 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  }
  return undefined;
}

/** JSON's own huge literals: JSON.stringify cannot write them, so they go in as text. */
const RAW = { plusHuge: '__raw_1e400__', minusHuge: '__raw_-1e400__' };
const rawJson = (value: unknown) => JSON.stringify(value).replaceAll(`"${RAW.plusHuge}"`, '1e400').replaceAll(`"${RAW.minusHuge}"`, '-1e400');

const nonFiniteText = ['Infinity', '-Infinity', 'NaN', '1e400', '-1e400'];
/** What a number field is sent (and must refuse, but for the plain numbers that may be in its range). */
const numberValues: unknown[] = [
  ...nonFiniteText,
  RAW.plusHuge,
  RAW.minusHuge,
  '0x10',
  '1e1',
  '99999999999999999999',
  1e308,
  -1e308,
  2 ** 53 + 2,
  2 ** 31,
  -1,
  0.5,
  true,
  null,
  {},
  [],
  ['Infinity'],
  '',
];
/** Values a number field must refuse with 400 whatever its range: text, booleans, non-finite and unsafe numbers. */
const refusedNumbers = new Set<unknown>([...nonFiniteText, RAW.plusHuge, RAW.minusHuge, '0x10', '1e1', '99999999999999999999', 1e308, -1e308, 2 ** 53 + 2, true, '']);
/** What any other field is sent: numbers where text is expected, numeric text, the wrong kinds. */
const otherValues: unknown[] = ['Infinity', '1e400', '-1', '99999999999999999999', RAW.plusHuge, 1e308, true, null, {}, ['Infinity']];
const queryNumberValues: Array<string | string[]> = [...nonFiniteText, '0x10', '1e1', '1e308', '99999999999999999999', '-1', '0.5', 'true', '', 'x', ['1', 'Infinity']];
const refusedQueryNumbers = new Set<unknown>([...nonFiniteText, '0x10', '1e1', '1e308', '99999999999999999999', 'true', '', 'x']);
const queryOtherValues: Array<string | string[]> = ['Infinity', '1e400', '99999999999999999999', ['1', 'Infinity']];
/** Whole bodies of the wrong kind. */
const wholeBodies = ['1e400', '"Infinity"', '[]', 'null', 'true', '{"Infinity":"Infinity"}'];

interface Probe {
  method: 'GET' | 'POST';
  url: string;
  auth: boolean;
  field: string;
  /** the JSON body, or the query string */
  payload: string;
  /** A number field sent what it must refuse whatever its range: the answer must be 400 naming this field. */
  refused: boolean;
  /** The call's plausible payload, without the hostile value. */
  base: string;
}

interface Field {
  path: string[];
  schema: Schema;
  /** Under an `anyOf`: another branch may take the value, so only "below 500" is asked of it. */
  loose: boolean;
}

/** Every field path of a schema, to a few levels down (pageCondition.pageNum, queryCondition.…). */
function fieldPaths(schema: Schema | undefined, prefix: string[] = [], depth = 0, loose = false): Field[] {
  if (!schema || depth > 3) return [];
  const objects = schema.anyOf ? schema.anyOf : [schema];
  const under = loose || Boolean(schema.anyOf);
  const out: Field[] = [];
  for (const object of objects) {
    for (const [key, inner] of Object.entries(object.properties ?? {})) {
      out.push({ path: [...prefix, key], schema: inner, loose: under || Boolean(inner.anyOf) }, ...fieldPaths(inner, [...prefix, key], depth + 1, under));
      if (inner.items) out.push(...fieldPaths(inner.items, [...prefix, key, '0'], depth + 1, under));
    }
  }
  return out;
}

/** A field that takes numbers only (integer or number, no text). */
const numberOnly = (schema: Schema) => {
  const types = kinds(schema);
  return types.length > 0 && types.every((type) => type === 'integer' || type === 'number');
};

/**
 * `base` with `value` at the path `at`; an optional object on the way that `base` has not got is made from its
 * schema (its own required fields with plausible values).
 */
function withValue(base: unknown, at: string[], value: unknown, schema: Schema | undefined): unknown {
  const [head, ...rest] = at;
  if (head === undefined) return value;
  const inner = schema?.anyOf?.[0] ?? schema;
  if (/^\d+$/.test(head)) {
    const item = Array.isArray(base) ? base[0] : rest.length && inner?.items ? example(inner.items, '') : undefined;
    return [withValue(item, rest, value, inner?.items)];
  }
  const child = inner?.properties?.[head];
  const object = base !== null && typeof base === 'object' && !Array.isArray(base) ? (base as Record<string, unknown>) : {};
  const below = object[head] ?? (rest.length && child ? example(child, head) : undefined);
  return { ...object, [head]: withValue(below, rest, value, child) };
}

interface RouteInfo {
  method: string;
  url: string;
  schema: { body?: Schema; querystring?: Schema };
}

function probesOf(route: RouteInfo, auth: boolean): Probe[] {
  const method = route.method as 'GET' | 'POST';
  const { url, schema } = route;
  const probes: Probe[] = [];
  if (method === 'GET') {
    const base = (example(schema.querystring ?? { type: 'object' }, '') ?? {}) as Record<string, unknown>;
    const plain = new URLSearchParams();
    for (const [key, item] of Object.entries(base)) if (item !== undefined && typeof item !== 'object') plain.append(key, String(item));
    const fields = Object.entries(schema.querystring?.properties ?? {});
    for (const [field, inner] of fields.length ? fields : ([['Infinity', {}]] as Array<[string, Schema]>)) {
      const numbers = numberOnly(inner);
      for (const value of numbers ? queryNumberValues : queryOtherValues) {
        const query = new URLSearchParams();
        for (const [key, item] of Object.entries(base)) if (key !== field && item !== undefined && typeof item !== 'object') query.append(key, String(item));
        for (const item of Array.isArray(value) ? value : [value]) query.append(field, item);
        probes.push({ method, url, auth, field, payload: query.toString(), refused: numbers && !inner.anyOf && refusedQueryNumbers.has(value), base: plain.toString() });
      }
    }
    return probes;
  }
  const base = example(schema.body ?? { type: 'object' }, '') ?? {};
  const plain = rawJson(base);
  for (const payload of wholeBodies) probes.push({ method, url, auth, field: '(body)', payload, refused: false, base: plain });
  for (const { path: at, schema: inner, loose } of fieldPaths(schema.body)) {
    const numbers = numberOnly(inner);
    for (const value of numbers ? numberValues : otherValues) {
      probes.push({ method, url, auth, field: at.join('.'), payload: rawJson(withValue(base, at, value, schema.body)), refused: numbers && !loose && refusedNumbers.has(value), base: plain });
    }
  }
  if (!schema.body) for (const value of otherValues) probes.push({ method, url, auth, field: 'Infinity', payload: rawJson({ Infinity: value }), refused: false, base: plain });
  return probes;
}

/** Runs `work` over `items`, `limit` at a time, until `stop()` says so. */
async function pool<T>(items: T[], limit: number, stop: () => boolean, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length && !stop()) await work(items[next++]!);
    }),
  );
}


interface Answer {
  status: number;
  body: string;
}

/** The sandbox of sweep-sandbox.ts in its own process, driven over real HTTP on loopback. */
class Sandbox {
  base = '';
  routes: RouteInfo[] = [];
  publicKey = '';
  private child: ChildProcess | undefined;
  private exited: Promise<unknown> = Promise.resolve();

  async start(): Promise<void> {
    const { child, exited, ready } = await startChildSandbox<{ port: number; routes: RouteInfo[] }>(new URL('./sweep-sandbox.ts', import.meta.url), {
      cwd: new URL('../..', import.meta.url),
      name: 'sweep sandbox',
    });
    this.child = child;
    this.exited = exited;
    this.base = `http://127.0.0.1:${ready.port}`;
    this.routes = ready.routes.flatMap((route) => (Array.isArray(route.method) ? route.method.map((method: string) => ({ ...route, method })) : [route]));
    this.publicKey = (JSON.parse((await this.send('GET', '/api/platformConfiguration/get', '', null)).body) as { data: { publicKey: string } }).data.publicKey;
  }

  async stop(): Promise<void> {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    await this.exited;
  }

  /** One request; an answer that does not come within `ms` is status 0. */
  async send(method: 'GET' | 'POST', url: string, payload: string, token: string | null, ms = 10_000): Promise<Answer> {
    const headers: Record<string, string> = { source: 'web', 'accept-language': 'en-US' };
    if (token) headers['authorization'] = `Bearer ${token}`;
    const signal = AbortSignal.timeout(ms);
    try {
      const response =
        method === 'GET'
          ? await fetch(`${this.base}${url}${payload ? `?${payload}` : ''}`, { headers, signal })
          : await fetch(`${this.base}${url}`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: payload, signal });
      return { status: response.status, body: await response.text() };
    } catch (error) {
      return { status: 0, body: `no answer within ${ms} ms (${(error as Error).name})` };
    }
  }

  async token(): Promise<string> {
    const password = encryptFor(this.publicKey, demoUser.password);
    const reply = await this.send('POST', '/api/institution/login', JSON.stringify({ username: demoUser.email, password }), null);
    const envelope = JSON.parse(reply.body || '{}') as { code?: number; data?: { token?: string } };
    if (envelope.code !== 200 || !envelope.data?.token) throw new Error(`sign-in failed: ${reply.status} ${reply.body.slice(0, 200)}`);
    return envelope.data.token;
  }
}

describe('hostile values in every field of every call', () => {
  const sandbox = new Sandbox();
  beforeAll(() => sandbox.start(), 120_000);
  afterAll(() => sandbox.stop());

  it('answers every one below 500, refuses every non-number in a number field with 400, and sign-in still works', async () => {
    const started = Date.now();
    const contract = await contractCalls();
    expect(contract.size).toBeGreaterThan(250);
    const routes = sandbox.routes.filter(
      (route) => route.url.startsWith('/api/') && (route.method === 'GET' || route.method === 'POST') && !route.url.includes('*'),
    );
    // Every contract call is served, so sweeping the routes sweeps the contract, the /_dev controls included.
    const served = new Set(routes.map((route) => route.url.slice('/api'.length)));
    expect([...contract.keys()].filter((url) => !served.has(url))).toEqual([]);
    expect(served).toContain('/_dev/clock/advance');
    // The /_dev controls are validated as every call is: each number they take has a range (the dev clock's ms too).
    const unbounded = routes
      .filter((route) => route.url.startsWith('/api/_dev/'))
      .flatMap((route) => [...fieldPaths(route.schema.body), ...fieldPaths(route.schema.querystring)].map((field) => ({ route, field })))
      .filter(({ field }) => numberOnly(field.schema) && (field.schema.minimum === undefined || field.schema.maximum === undefined))
      .map(({ route, field }) => `${route.url} ${field.path.join('.')}`);
    expect(unbounded).toEqual([]);

    const userUrls = new Set([...contract].filter(([, def]) => def.auth === 'user').map(([url]) => url));
    const probes = routes.flatMap((route) => probesOf(route, userUrls.has(route.url.slice('/api'.length))));
    // The dev clock first, as a tester would poison it: every later call and sign-in shows whether it took.
    const clockFirst = [
      ...probes.filter((probe) => probe.url === '/api/_dev/clock/advance'),
      ...probes.filter((probe) => probe.url !== '/api/_dev/clock/advance'),
    ];
    expect(probes.length).toBeGreaterThan(5000);

    let token = await sandbox.token();
    // Where the guessed plausible payload fails the schema itself (a field no guess fits), the refusal may name
    // that field rather than the probed one: there only the 400 is asked.
    const guessedWrong = new Set<string>();
    const checked = [...new Map(probes.filter((probe) => probe.refused).map((probe) => [probe.url, probe])).values()];
    await pool(checked, 6, () => false, async (probe) => {
      const reply = await sandbox.send(probe.method, probe.url, probe.base, token);
      const msg = reply.status === 400 ? (JSON.parse(reply.body) as { msg?: string }).msg : undefined;
      if (msg && /^(body|querystring)\b/.test(msg)) guessedWrong.add(probe.url);
    });
    let relogins = 0;
    const failures: string[] = [];
    const tally = new Map<number, number>();
    const shown = (probe: Probe) => `${probe.method} ${probe.url} ${probe.field}: ${probe.payload.slice(0, 160)}`;
    await pool(clockFirst, 6, () => tally.has(0), async (probe) => {
      let reply = await sandbox.send(probe.method, probe.url, probe.payload, token);
      // A probe may end the session (sign-out, a clock moved days ahead): sign in again and send it once more.
      if (reply.status === 401 && probe.auth) {
        relogins++;
        try {
          token = await sandbox.token();
        } catch (error) {
          failures.push(`sign-in after ${shown(probe)}: ${(error as Error).message}`);
          tally.set(0, 1);
          return;
        }
        reply = await sandbox.send(probe.method, probe.url, probe.payload, token);
      }
      tally.set(reply.status, (tally.get(reply.status) ?? 0) + 1);
      // Status 0: no answer (a handler that never ends, or the sandbox stuck); the sweep stops there.
      if (reply.status >= 500 || reply.status === 0) failures.push(`${shown(probe)} → ${reply.status} ${reply.body.slice(0, 120)}`);
      else if (probe.refused) {
        const data = (JSON.parse(reply.body) as { data?: { field?: string; rule?: string } }).data;
        // server/README.md "Bad input": 400, the field by its path and the rule it broke.
        if (reply.status !== 400 || !data?.rule || (data.field !== probe.field && !guessedWrong.has(probe.url))) failures.push(`${shown(probe)} → ${reply.status} (400 naming the field expected) ${reply.body.slice(0, 120)}`);
      }
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const above = [...tally].filter(([status]) => status >= 500 || status === 0).reduce((sum, [, count]) => sum + count, 0);
    console.log(`hostile sweep: ${routes.length} calls, ${probes.length} requests (${probes.filter((probe) => probe.refused).length} must be 400, ${guessedWrong.size} calls without a valid guess), ${above} without an answer below 500, ${failures.length} failures, ${relogins} sign-ins again, ${seconds} s`);
    expect(failures.slice(0, 40)).toEqual([]);
    // The probes reached past sign-in: almost no answer is a 401.
    expect((tally.get(401) ?? 0) / probes.length).toBeLessThan(0.02);
    expect(relogins).toBeLessThan(50);
    // The dev clock was not poisoned: a clock of Infinity (or NaN) refuses every sign-in.
    const clock = await sandbox.send('POST', '/api/_dev/clock/advance', '{"ms":"Infinity"}', null);
    expect([clock.status, JSON.parse(clock.body)]).toMatchObject([400, { data: { field: 'ms' } }]);
    expect(await sandbox.token()).toBeTruthy();
  }, 300_000);
});
