import type { FastifyInstance } from 'fastify';

export interface ApiOptions {
  /** Where the embedded database keeps its files; default `.data/` under the project. */
  dataDir?: string;
}

/** The provider API stand-in (spec §7). Routes are registered by the account issue onwards. */
export async function apiPlugin(app: FastifyInstance, _options: ApiOptions): Promise<void> {
  // spec §8: every reply is the { code, msg, data } envelope.
  app.get('/health', async () => ({ code: 200, msg: 'success', data: { ok: true } }));
}
