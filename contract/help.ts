import Type from 'typebox';
import { publicPost } from './call.ts';
import { HELP_ARTICLE_IDS, VOTER_ID_PATTERN } from './help-rules.ts';
import { Strict, StringEnum } from './schema.ts';

/**
 * The help centre's "was this helpful?" (server/README.md "Help centre"; the spec names the help centre, not its calls:
 * paths and shapes are the sandbox's design, served by server/help). Public, like the articles: a visitor votes with an
 * anonymous voter id their browser keeps, one vote per article and voter (a second vote replaces the first),
 * limited per source address. The article ids are contract/help-rules.ts's list; anything else is 400 `enum`.
 */
const ArticleId = StringEnum([...HELP_ARTICLE_IDS]);
const VoterId = Type.String({ minLength: 16, maxLength: 64, pattern: VOTER_ID_PATTERN.source });

/** An article's votes, and the caller's own (null when this voter has not voted on it). */
export const HelpVotes = Type.Object({
  articleId: Type.String(),
  helpful: Type.Integer({ minimum: 0 }),
  notHelpful: Type.Integer({ minimum: 0 }),
  yourVote: Type.Union([Type.Boolean(), Type.Null()]),
});

export const helpCalls = {
  '/help/article/vote': publicPost(Strict({ articleId: ArticleId, voterId: VoterId, helpful: Type.Boolean() }), HelpVotes),
  '/help/article/votes': publicPost(Strict({ articleId: ArticleId, voterId: Type.Optional(VoterId) }), HelpVotes),
};
export type HelpCalls = typeof helpCalls;
