import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { addDays } from '../../contract/broker-projects-rules.ts';
import { defaultLimits } from '../../server/platform/context.ts';
import type { TestApi } from '../api/helpers.ts';
import { bindGaWithStepUp } from '../api/step-up-helpers.ts';
import type { Backend } from '../security/backends.ts';

// The broker sandbox tests' common steps (tests/broker/*.test.ts): a sandbox whose hourly code-send limits stay out
// of the way, broker users (with or without broker rights), a second member joining an owner's organisation by the
// account-manager e-mail confirmation, and a suite's cast of four brokers.

/** A user of the broker portal: who signs in, and their session. */
export interface Broker {
  email: string;
  token: string;
  /** The authenticator's secret once `makeChecker` bound one. */
  gaSecret?: string;
}

/** One page of a broker list (spec §9 paging). */
export interface Page<T> {
  list: T[];
  total: number;
}

/** The first page of up to 100 rows, which every broker test's lists fit in. */
export const page = { pageNum: 1, pageSize: 100 };

export const BROKER_PASSWORD = 'Passw0rd!x';

/** Many codes to one e-mail an hour (the hourly send limits are not under test). */
export const manySends = { ...defaultLimits.sendRates, destination: { limit: 10_000, windowMs: 3_600_000 }, account: { limit: 10_000, windowMs: 3_600_000 }, ip: { limit: 10_000, windowMs: 3_600_000 } };

/** A sandbox of the backend where many codes may go to one e-mail (the hourly send limits are not under test). */
export function startBrokerApi(backend: Backend): Promise<TestApi> {
  return backend.start({ limits: { sendRates: manySends } });
}

/** A new user, signed in, with broker rights unless `open` is false. */
export async function newBroker(api: TestApi, open = true): Promise<Broker> {
  const email = await api.register();
  const token = await api.token(email, BROKER_PASSWORD);
  if (open) expect((await api.call('POST', '/institution/agree/broker/open', { token })).code).toBe(200);
  return { email, token };
}

/** `member` joins `owner`'s organisation: invited, the code e-mailed to the member, confirmed by the owner. */
export async function joinOrganisation(api: TestApi, owner: Broker, member: Broker): Promise<void> {
  const call = <T>(path: string, body: unknown) => api.call<T>('POST', path, { token: owner.token, body });
  expect((await call('/broker/account/submitAccountManager', { email: member.email })).code).toBe(200);
  api.clock.advance(1100);
  const invited = await call<{ uuid: string }>('/broker/account/invokeAccountManager', { email: member.email });
  const mail = (await api.lastCode(member.email, 'email'))!;
  expect((await call('/broker/account/confirmAccountManager', { email: member.email, emailUuid: invited.data.uuid, emailCode: mail.code })).code).toBe(200);
}

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Basic and then advanced KYC submitted and certified (the sandbox's dev decision), as a checker needs. */
export async function certifyKyc(api: TestApi, who: Broker): Promise<void> {
  const kinds = { basic: ['businessRegistration', 'directorId'], advanced: ['bankStatement', 'proofOfAddress'] } as const;
  for (const level of ['basic', 'advanced'] as const) {
    const documents = [];
    for (const type of kinds[level]) {
      const file = await api.call<{ fileId: string }>('POST', '/institution/kyc/upload', {
        token: who.token,
        raw: new Uint8Array(Buffer.concat([PNG_HEAD, randomBytes(20_000)])),
        headers: { 'content-type': 'image/png' },
      });
      documents.push({ type, fileId: file.data.fileId });
    }
    const body = { level, companyName: 'Analytical Engines Ltd', registrationNumber: 'HK-12345678', countryCode: 'HK', documents };
    expect((await api.call('POST', '/institution/kyc/submit', { token: who.token, body })).code).toBe(200);
    expect((await api.call('POST', '/_dev/kyc/decide', { body: { email: who.email, level, decision: 'approve' } })).code).toBe(200);
  }
}

/**
 * Makes `who` a checker (server/broker/checker.ts): advanced KYC certified and an authenticator bound (its secret
 * kept on `who.gaSecret`).
 */
export async function makeChecker(api: TestApi, who: Broker): Promise<void> {
  await certifyKyc(api, who);
  who.gaSecret = await bindGaWithStepUp(api, who.token, BROKER_PASSWORD);
}

/**
 * The current Google code of `who` (an empty object without an authenticator), in a fresh time step: the sandbox
 * takes each step once (server/identity/totp.ts), so the clock moves on 30 s first.
 */
export async function gaOf(api: TestApi, who: Broker): Promise<{ gaCode?: string }> {
  if (!who.gaSecret) return {};
  api.clock.advance(30_000);
  return { gaCode: await api.totp(who.gaSecret) };
}

/** The step-up of a broker call (password, an e-mail code of `businessType` from the broker's sender, the Google code). */
export async function brokerStepUp(api: TestApi, who: Broker, businessType: 'brokerApiKey' | 'brokerUnbind', password = BROKER_PASSWORD) {
  api.clock.advance(1100);
  const sent = await api.call<{ uuid: string }>('POST', '/broker/fundTransfer/invokeEmailValidation', { token: who.token, body: { businessType } });
  expect(sent.code, JSON.stringify(sent)).toBe(200);
  const mail = (await api.lastCode(who.email, 'email'))!;
  return { password: api.encrypt(password), emailUuid: sent.data.uuid, emailCode: mail.code, ...(await gaOf(api, who)) };
}

/** A suite's brokers: an organisation's owner and a member of it, another organisation's owner, a user without broker rights. */
export interface BrokerCast {
  owner: Broker;
  member: Broker;
  stranger: Broker;
  plainUser: Broker;
}

/** The cast's four brokers, empty until `enlist` signs them up in the suite's beforeAll (the objects stay the same). */
export function brokerCast(): BrokerCast {
  const nobody = (): Broker => ({ email: '', token: '' });
  return { owner: nobody(), member: nobody(), stranger: nobody(), plainUser: nobody() };
}

/** Signs the cast up on `api`: three brokers and a plain user; the member joins the owner's organisation. */
export async function enlist(api: TestApi, cast: BrokerCast): Promise<void> {
  Object.assign(cast.owner, await newBroker(api));
  Object.assign(cast.member, await newBroker(api));
  Object.assign(cast.stranger, await newBroker(api));
  Object.assign(cast.plainUser, await newBroker(api, false));
  await joinOrganisation(api, cast.owner, cast.member);
}

/** Everybody of the cast signs in again (after a clock move past the sessions' life). */
export async function signInAgain(api: TestApi, cast: BrokerCast): Promise<void> {
  for (const who of [cast.owner, cast.member, cast.stranger, cast.plainUser]) {
    // A checker signs in with its Google code, in a time step of its own.
    if (who.gaSecret) api.clock.advance(30_000);
    who.token = await api.token(who.email, BROKER_PASSWORD, who.gaSecret);
  }
}

/** applyRecord/add's terms of a project on okx from `startDay` for 365 days: no interest, a 50 % performance fee, 100 minimum. */
export function projectTerms(startDay: string, name: string, requestId: string) {
  return { type: 'project', name, exchangeCode: 'okx', startDay, endDay: addDays(startDay, 365), interestRate: '0', performanceFeeRate: '0.5', minSubscription: '100', requestId };
}

/**
 * The broker tests' calls on the suite's sandbox (`api()`: it starts in the suite's beforeAll): a call as a broker,
 * a query as one, a new registered user with broker rights opened (or not), and a new regular sub-account.
 */
export function brokerCalls(api: () => TestApi, requestId: () => string = () => `account-${Math.random().toString(36).slice(2, 10)}`) {
  const call = <T>(who: Broker, path: string, body?: unknown) => api().call<T>('POST', path, { token: who.token, ...(body === undefined ? {} : { body }) });
  const get = <T>(who: Broker, path: string, query: Record<string, string>) =>
    api().call<T>('GET', `${path}?${new URLSearchParams(query).toString()}`, { token: who.token });
  const openAccount = async (who: Broker, exchangeCode: string, name: string) => {
    const reply = await call<{ brokerAccountId: string }>(who, '/broker/account/insertBrokerAccount', { exchangeCode, accountType: 'regular', subAccountName: name, requestId: requestId() });
    expect(reply.code, JSON.stringify(reply)).toBe(200);
    return reply.data.brokerAccountId;
  };
  return { call, get, newBroker: (open = true) => newBroker(api(), open), openAccount };
}
