import { expect } from 'vitest';
import { defaultLimits } from '../../server/platform/context.ts';
import type { TestApi } from '../api/helpers.ts';
import type { Backend } from '../security/backends.ts';

// The broker sandbox tests' common steps (tests/broker/*.test.ts): a sandbox whose hourly code-send limits stay out
// of the way, a broker user (with or without broker rights), and a second member joining an owner's organisation by
// the account-manager e-mail confirmation.

export interface Broker {
  email: string;
  token: string;
}

export const BROKER_PASSWORD = 'Passw0rd!x';

/** A sandbox of the backend where many codes may go to one e-mail (the hourly send limits are not under test). */
export function startBrokerApi(backend: Backend): Promise<TestApi> {
  const many = { limit: 10_000, windowMs: 3_600_000 };
  return backend.start({ limits: { sendRates: { ...defaultLimits.sendRates, destination: many, account: many, ip: many } } });
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
