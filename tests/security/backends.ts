import { afterAll, beforeAll } from 'vitest';
import type { ApiOptions } from '../../server/app.ts';
import { TestApi } from '../api/helpers.ts';
import { postgresBin, startPgCluster, type PgCluster } from '../api/pg-cluster.ts';

/**
 * The databases a security test runs against: PGlite (the sandbox's default, one connection) and, when its
 * server binaries are installed, a real PostgreSQL cluster, where parallel requests really race.
 */
export interface Backend {
  name: 'PGlite' | 'PostgreSQL';
  start(options?: Partial<ApiOptions>): Promise<TestApi>;
}

let cluster: Promise<PgCluster> | undefined;
let databases = 0;

/** Call at the top of a test file: registers the cluster's start and stop hooks when PostgreSQL is there. */
export function securityBackends(): Backend[] {
  const backends: Backend[] = [{ name: 'PGlite', start: (options = {}) => TestApi.start(options) }];
  if (!postgresBin) return backends;
  beforeAll(() => {
    cluster ??= startPgCluster();
  });
  afterAll(async () => {
    const started = cluster;
    cluster = undefined;
    await (await started)?.stop();
  });
  backends.push({
    name: 'PostgreSQL',
    start: async (options = {}) => {
      cluster ??= startPgCluster();
      const url = await (await cluster).createDatabase(`security_${process.pid}_${++databases}`);
      return TestApi.start({ ...options, databaseUrl: url });
    },
  });
  return backends;
}

/** Sends `count` copies of a request at once and tallies the reply codes. */
export async function burst(count: number, send: (index: number) => Promise<{ code: number }>): Promise<Map<number, number>> {
  const replies = await Promise.all(Array.from({ length: count }, (_, index) => send(index)));
  const tally = new Map<number, number>();
  for (const reply of replies) tally.set(reply.code, (tally.get(reply.code) ?? 0) + 1);
  return tally;
}
