import type { BodyOf, ReplyOf } from '../../../contract/call.ts';
import type { HelpCalls } from '../../../contract/help.ts';
import { apiPost } from '../../lib/api/index.ts';

// The help centre's votes, typed from the contract (contract/help.ts). Public calls; the vote box shows its own
// refusals, so no toast.
export type HelpVotes = ReplyOf<HelpCalls['/help/article/vote']>;
type VoteBody = BodyOf<HelpCalls['/help/article/vote']>;
type VotesBody = BodyOf<HelpCalls['/help/article/votes']>;
const publicCall = { silent: true, noToken: true } as const;

export const helpApi = {
  votes: (body: VotesBody) => apiPost<HelpVotes>('/help/article/votes', body, publicCall),
  vote: (body: VoteBody) => apiPost<HelpVotes>('/help/article/vote', body, publicCall),
};

const VOTER_KEY = 'helpVoterId';

/** This browser's anonymous voter id (contract/help-rules.ts VOTER_ID_PATTERN), made once and kept. */
export function voterId(): string {
  try {
    const kept = localStorage.getItem(VOTER_KEY);
    if (kept && /^[A-Za-z0-9_-]{16,64}$/.test(kept)) return kept;
    const made = crypto.randomUUID();
    localStorage.setItem(VOTER_KEY, made);
    return made;
  } catch {
    // Without storage the vote still counts, as a voter of this page view only.
    return crypto.randomUUID();
  }
}
