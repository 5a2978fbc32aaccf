import { type Body, type Reply, request } from '../../lib/api/request.ts';

// The help centre's votes, typed from the contract (contract/help.ts). Public calls; the vote box shows its own
// refusals, so no toast.
export type HelpVotes = Reply<'/help/article/vote'>;
type VoteBody = Body<'/help/article/vote'>;
type VotesBody = Body<'/help/article/votes'>;
const quiet = { silent: true } as const;

export const helpApi = {
  votes: (body: VotesBody) => request('/help/article/votes', body, quiet),
  vote: (body: VoteBody) => request('/help/article/vote', body, quiet),
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
