import type { FastifyInstance } from 'fastify';
import { type ApiContext, nowDate } from '../../platform/context.ts';
import { badInput } from '../../platform/envelope.ts';
import { configCalls, SELECTION_SYMBOL_PATTERN, type ConfigCalls } from '../../../contract/config.ts';
import { serveCalls, type Handlers } from '../../platform/contract.ts';
import type { Queryable } from '../../platform/db/client.ts';

// spec §3 favourite pair list (version 1.0 only), spec §5/§9 "Favourites: at most 8", spec §7 calls:
// GET getSelfSelectionConfig, /user/feConfig/updateSelfSelectionConfig, /selfSelection/addSelfSelection,
// delSelfSelection, declared in contract/config.ts.
export const SELECTION_MAX = 8;
const VERSION = '1.0';
const SYMBOL = SELECTION_SYMBOL_PATTERN;

function parse(configData: string): string[] | null {
  try {
    const value = JSON.parse(configData) as { version?: unknown; selectionList?: unknown };
    if (value?.version !== VERSION || !Array.isArray(value.selectionList)) return null;
    const list = value.selectionList;
    if (!list.every((x) => typeof x === 'string' && new RegExp(SYMBOL).test(x))) return null;
    return [...new Set(list as string[])];
  } catch {
    return null;
  }
}

const serialise = (list: string[]) => JSON.stringify({ version: VERSION, selectionList: list });

async function readList(db: Queryable, userId: number): Promise<string[]> {
  const rows = await db.query<{ config_data: string }>('select config_data from self_selection where user_id = $1 for update', [userId]);
  return rows[0] ? (parse(rows[0].config_data) ?? []) : [];
}

async function writeList(db: Queryable, userId: number, list: string[], at: Date): Promise<void> {
  await db.query(
    `insert into self_selection (user_id, config_data, updated_at) values ($1, $2, $3)
     on conflict (user_id) do update set config_data = excluded.config_data, updated_at = excluded.updated_at`,
    [userId, serialise(list), at],
  );
}

/**
 * The favourite-pair calls of `contract/config.ts`. Not `serveCalls` over the whole map: the keyboard calls of
 * the same map are the trading feature's (server/trade/routes/config.ts), so each side serves its own part.
 */
export function selectionHandlers(ctx: ApiContext): Pick<
  Handlers<ConfigCalls>,
  '/user/feConfig/getSelfSelectionConfig' | '/user/feConfig/updateSelfSelectionConfig' | '/selfSelection/addSelfSelection' | '/selfSelection/delSelfSelection'
> {
  return {
    '/user/feConfig/getSelfSelectionConfig': async ({ auth }) => {
      const rows = await ctx.db.query<{ config_data: string }>('select config_data from self_selection where user_id = $1', [auth.user.id]);
      return { configData: rows[0]?.config_data ?? null };
    },

    '/user/feConfig/updateSelfSelectionConfig': async ({ body, auth }) => {
      const list = parse(body.configData);
      if (list === null) throw badInput('configData', 'version', 'Only a version 1.0 selection config is accepted');
      if (list.length > SELECTION_MAX) throw badInput('configData', 'max', `At most ${SELECTION_MAX} favourite pairs`);
      await writeList(ctx.db, auth.user.id, list, nowDate(ctx));
      return null;
    },

    '/selfSelection/addSelfSelection': async ({ body, auth }) => {
      await ctx.db.transaction(async (tx) => {
        const list = await readList(tx, auth.user.id);
        if (list.includes(body.symbol)) return;
        if (list.length >= SELECTION_MAX) throw badInput('symbol', 'max', `At most ${SELECTION_MAX} favourite pairs`);
        await writeList(tx, auth.user.id, [...list, body.symbol], nowDate(ctx));
      });
      return null;
    },

    '/selfSelection/delSelfSelection': async ({ body, auth }) => {
      await ctx.db.transaction(async (tx) => {
        const list = await readList(tx, auth.user.id);
        if (!list.includes(body.symbol)) return;
        await writeList(tx, auth.user.id, list.filter((x) => x !== body.symbol), nowDate(ctx));
      });
      return null;
    },
  };
}

export function selectionRoutes(ctx: ApiContext, app: FastifyInstance): void {
  const { '/user/feConfig/getKeyBoardConfig': _k1, '/user/feConfig/updateKeyBoardConfig': _k2, ...calls } = configCalls;
  serveCalls(ctx, app, calls, selectionHandlers(ctx));
}
