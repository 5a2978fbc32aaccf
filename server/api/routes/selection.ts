import type { FastifyInstance } from 'fastify';
import { type ApiContext, nowDate } from '../context.ts';
import { badInput } from '../envelope.ts';
import { s, userRoute } from '../http.ts';
import type { Queryable } from '../../db/client.ts';

// spec §3 favourite pair list (version 1.0 only), spec §5/§9 "Favourites: at most 8", spec §7 calls:
// GET getSelfSelectionConfig, /user/feConfig/updateSelfSelectionConfig, /selfSelection/addSelfSelection,
// delSelfSelection. The spec names the calls only; bodies are { symbol } and { configData } (JSON text).
export const SELECTION_MAX = 8;
const VERSION = '1.0';
const SYMBOL = '^[A-Z0-9]{2,30}$';

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

export function selectionRoutes(ctx: ApiContext, app: FastifyInstance): void {
  userRoute(ctx, app, {
    method: 'GET',
    url: '/user/feConfig/getSelfSelectionConfig',
    handler: async ({ auth }) => {
      const rows = await ctx.db.query<{ config_data: string }>('select config_data from self_selection where user_id = $1', [auth.user.id]);
      return { configData: rows[0]?.config_data ?? null };
    },
  });

  userRoute<{ configData: string }>(ctx, app, {
    method: 'POST',
    url: '/user/feConfig/updateSelfSelectionConfig',
    body: s.obj({ configData: s.str(2, 2000) }, ['configData']),
    handler: async ({ body, auth }) => {
      const list = parse(body.configData);
      if (list === null) throw badInput('configData', 'version', 'Only a version 1.0 selection config is accepted');
      if (list.length > SELECTION_MAX) throw badInput('configData', 'max', `At most ${SELECTION_MAX} favourite pairs`);
      await writeList(ctx.db, auth.user.id, list, nowDate(ctx));
      return null;
    },
  });

  userRoute<{ symbol: string }>(ctx, app, {
    method: 'POST',
    url: '/selfSelection/addSelfSelection',
    body: s.obj({ symbol: s.str(2, 30, SYMBOL) }, ['symbol']),
    handler: async ({ body, auth }) => {
      await ctx.db.transaction(async (tx) => {
        const list = await readList(tx, auth.user.id);
        if (list.includes(body.symbol)) return;
        if (list.length >= SELECTION_MAX) throw badInput('symbol', 'max', `At most ${SELECTION_MAX} favourite pairs`);
        await writeList(tx, auth.user.id, [...list, body.symbol], nowDate(ctx));
      });
      return null;
    },
  });

  userRoute<{ symbol: string }>(ctx, app, {
    method: 'POST',
    url: '/selfSelection/delSelfSelection',
    body: s.obj({ symbol: s.str(2, 30, SYMBOL) }, ['symbol']),
    handler: async ({ body, auth }) => {
      await ctx.db.transaction(async (tx) => {
        const list = await readList(tx, auth.user.id);
        if (!list.includes(body.symbol)) return;
        await writeList(tx, auth.user.id, list.filter((x) => x !== body.symbol), nowDate(ctx));
      });
      return null;
    },
  });
}
