import type { ReplyOf } from '../../../contract/call.ts';
import type { ConfigCalls } from '../../../contract/config.ts';
import { calls } from '../../lib/api/index.ts';
import type { FavouritesRemote } from './favourites.ts';

// spec §7 "User config and self-selection". The spec names the calls, not their bodies; the sandbox
// defines them in contract/config.ts (types only here): the config travels as a JSON string in configData.
export const SELECTION_PATHS = {
  get: '/user/feConfig/getSelfSelectionConfig',
  update: '/user/feConfig/updateSelfSelectionConfig',
  add: '/selfSelection/addSelfSelection',
  del: '/selfSelection/delSelfSelection',
} as const;

export type SelectionConfigReply = ReplyOf<ConfigCalls['/user/feConfig/getSelfSelectionConfig']>;

export const getSelectionConfig = () => calls.get(SELECTION_PATHS.get, undefined, { silent: true });
export const updateSelectionConfig = (configData: string) => calls.post(SELECTION_PATHS.update, { configData }, { silent: true });

/** The server side of the favourites; errors reach the caller (the page shows them). */
export const selectionRemote: FavouritesRemote = {
  add: async (symbol) => {
    await calls.post(SELECTION_PATHS.add, { symbol }, { silent: true });
  },
  remove: async (symbol) => {
    await calls.post(SELECTION_PATHS.del, { symbol }, { silent: true });
  },
};
