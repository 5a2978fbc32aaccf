import Type from 'typebox';
import { userGet, userPost } from './call.ts';
import { Strict, Text } from './schema.ts';

/**
 * spec §7 "User config and self-selection": the lightning terminal's keyboard shortcuts and the favourite
 * pairs (spec §3 favourite pair list, version 1.0; spec §5/§9 at most 8). The spec names the calls only; the
 * config travels as the JSON text the client sends, in `configData`.
 */
export const SELECTION_SYMBOL_PATTERN = '^[A-Z0-9]{2,30}$';
const Symbol = Type.String({ minLength: 2, maxLength: 30, pattern: SELECTION_SYMBOL_PATTERN });
const ConfigReply = Type.Object({ configData: Type.Union([Type.String(), Type.Null()]) });

export const configCalls = {
  '/user/feConfig/getKeyBoardConfig': userGet(undefined, ConfigReply),
  '/user/feConfig/updateKeyBoardConfig': userPost(Strict({ configData: Text(2, 4000) }), Type.Object({ configData: Type.String() })),
  '/user/feConfig/getSelfSelectionConfig': userGet(undefined, ConfigReply),
  '/user/feConfig/updateSelfSelectionConfig': userPost(Strict({ configData: Text(2, 2000) }), Type.Null()),
  '/selfSelection/addSelfSelection': userPost(Strict({ symbol: Symbol }), Type.Null()),
  '/selfSelection/delSelfSelection': userPost(Strict({ symbol: Symbol }), Type.Null()),
};

export type ConfigCalls = typeof configCalls;
