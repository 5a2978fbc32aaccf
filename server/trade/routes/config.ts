import type { FastifyInstance } from 'fastify';
import { nowDate } from '../../platform/context.ts';
import { badInput } from '../../platform/envelope.ts';
import { configCalls } from '../../../contract/config.ts';
import { serveCalls } from '../../platform/contract.ts';
import { publicRoute, s } from '../../platform/http.ts';
import { setSetting, settings } from '../store.ts';
import type { TradeContext } from './common.ts';

/** spec §7 "User config": the lightning terminal's keyboard shortcuts, kept as the JSON text the client sends. */
export function configRoutes(t: TradeContext, app: FastifyInstance): void {
  const { api: ctx } = t;

  const { '/user/feConfig/getKeyBoardConfig': get, '/user/feConfig/updateKeyBoardConfig': update } = configCalls;
  serveCalls(ctx, app, { '/user/feConfig/getKeyBoardConfig': get, '/user/feConfig/updateKeyBoardConfig': update }, {
    '/user/feConfig/getKeyBoardConfig': async ({ auth }) => ({ configData: (await settings(ctx.db, auth.user.id)).keyboardConfig }),
    '/user/feConfig/updateKeyBoardConfig': async ({ body, auth }) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.configData);
      } catch {
        parsed = null;
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        throw badInput('configData', 'json', 'configData must be a JSON object');
      }
      await setSetting(ctx.db, auth.user.id, 'keyboard_config', body.configData, nowDate(ctx));
      return { configData: body.configData };
    },
  });
}

/** Developer control (off with the other /_dev routes): set the spot trade permission flag of spec §3. */
export function devTradeRoutes(t: TradeContext, app: FastifyInstance): void {
  const { api: ctx } = t;
  // The engine's trigger bookkeeping (tests: a take-profit waiting for its entry costs no transaction per event).
  app.get('/_dev/trade/engine', async () => ({ code: 200, msg: 'success', data: { watched: t.engine.watchedCount(), resting: t.engine.restingCount(), ...t.engine.triggerStats() } }));
  // Funding of an 8 h boundary again (the simulator settles each boundary once; tests prove a second run pays nothing).
  publicRoute<{ time: number }>(app, {
    method: 'POST',
    url: '/_dev/trade/settleFunding',
    body: s.obj({ time: { type: 'integer', minimum: 0, maximum: 8_640_000_000_000_000, multipleOf: 28_800_000 } }, ['time']),
    handler: async ({ body }) => {
      let settled = 0;
      for (const engine of Object.values(t.engines)) settled += await engine.settleFunding(body.time);
      return { time: body.time, settled };
    },
  });
  publicRoute<{ email: string; spotTradingForbidden: boolean }>(app, {
    method: 'POST',
    url: '/_dev/trade/spotForbidden',
    body: s.obj({ email: s.str(3, 254), spotTradingForbidden: { type: 'boolean' } }, ['email', 'spotTradingForbidden']),
    handler: async ({ body }) => {
      const rows = await ctx.db.query<{ id: number }>('select id from users where email_lower = $1', [body.email.toLowerCase()]);
      const user = rows[0];
      if (!user) throw badInput('email', 'unknown', 'Unknown user');
      await setSetting(ctx.db, user.id, 'spot_forbidden', body.spotTradingForbidden, nowDate(ctx));
      return { email: body.email, spotTradingForbidden: body.spotTradingForbidden };
    },
  });
}
