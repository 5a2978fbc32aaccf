import { expect } from 'vitest';
import type { TestApi } from '../api/helpers.ts';

/** A user of the broker portal: who signs in, and their session. */
export interface Broker {
  email: string;
  token: string;
}

/** One page of a broker list (spec §9 paging). */
export interface Page<T> {
  list: T[];
  total: number;
}

/** The first page of up to 100 rows, which every broker test's lists fit in. */
export const page = { pageNum: 1, pageSize: 100 };

/**
 * The broker tests' calls on the suite's sandbox (`api()`: it starts in the suite's beforeAll): a call as a broker,
 * a query as one, and a new registered user with broker rights opened (or not).
 */
export function brokerCalls(api: () => TestApi) {
  const call = <T>(who: Broker, path: string, body?: unknown) => api().call<T>('POST', path, { token: who.token, ...(body === undefined ? {} : { body }) });
  const get = <T>(who: Broker, path: string, query: Record<string, string>) =>
    api().call<T>('GET', `${path}?${new URLSearchParams(query).toString()}`, { token: who.token });
  const newBroker = async (open = true): Promise<Broker> => {
    const email = await api().register();
    const token = await api().token(email, 'Passw0rd!x');
    if (open) expect((await api().call('POST', '/institution/agree/broker/open', { token })).code).toBe(200);
    return { email, token };
  };
  return { call, get, newBroker };
}
