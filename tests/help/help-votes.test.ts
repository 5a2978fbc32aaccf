import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes.ts';
import { HELP_ARTICLE_IDS } from '../../contract/help-rules.ts';
import { TestApi } from '../api/helpers.ts';

/**
 * The help centre's "was this helpful?" (issue 16, contract/help.ts): public, one vote per article and voter that a
 * second vote replaces, counts kept per article, refused with a 4xx envelope on a bad article id, voter id or
 * answer, and limited per source address.
 */
interface Votes {
  articleId: string;
  helpful: number;
  notHelpful: number;
  yourVote: boolean | null;
}

const voter = (n: number) => `voter-${String(n).padStart(12, '0')}`;

describe('help centre votes', () => {
  let api: TestApi;
  const vote = (body: unknown) => api.call<Votes>('POST', '/help/article/vote', { body });
  const read = (body: unknown) => api.call<Votes>('POST', '/help/article/votes', { body });

  beforeAll(async () => {
    api = await TestApi.start({ limits: { helpVote: { limit: 12, windowMs: 3_600_000 } } });
  }, 60_000);
  afterAll(async () => api?.close());

  it('counts per article, without a session; a second vote of the same voter replaces the first', async () => {
    expect(HELP_ARTICLE_IDS).toContain('withdraw/how-to-withdraw');
    const a = 'withdraw/how-to-withdraw';
    const b = 'security/google-authenticator';
    expect((await read({ articleId: a })).data).toEqual({ articleId: a, helpful: 0, notHelpful: 0, yourVote: null });

    const first = await vote({ articleId: a, voterId: voter(1), helpful: true });
    expect(first.status).toBe(200);
    expect(first.data).toEqual({ articleId: a, helpful: 1, notHelpful: 0, yourVote: true });
    expect((await vote({ articleId: a, voterId: voter(2), helpful: true })).data).toMatchObject({ helpful: 2, notHelpful: 0 });
    // Voter 1 changes their mind: still one vote of theirs.
    expect((await vote({ articleId: a, voterId: voter(1), helpful: false })).data).toEqual({ articleId: a, helpful: 1, notHelpful: 1, yourVote: false });
    expect((await vote({ articleId: b, voterId: voter(1), helpful: false })).data).toEqual({ articleId: b, helpful: 0, notHelpful: 1, yourVote: false });

    // Each article keeps its own counts; the reader's own vote comes back only with their voter id.
    expect((await read({ articleId: a, voterId: voter(2) })).data).toEqual({ articleId: a, helpful: 1, notHelpful: 1, yourVote: true });
    expect((await read({ articleId: a })).data.yourVote).toBeNull();
    expect((await read({ articleId: b, voterId: voter(3) })).data).toEqual({ articleId: b, helpful: 0, notHelpful: 1, yourVote: null });
  });

  it.each([
    ['an unknown article', { articleId: 'withdraw/nothing-here', voterId: voter(4), helpful: true }, 'articleId'],
    ['an article id with a path in it', { articleId: '../withdraw/how-to-withdraw', voterId: voter(4), helpful: true }, 'articleId'],
    ['a short voter id', { articleId: 'convert/quotes', voterId: 'short', helpful: true }, 'voterId'],
    ['a voter id with other characters', { articleId: 'convert/quotes', voterId: 'voter id with spaces!', helpful: true }, 'voterId'],
    ['no answer', { articleId: 'convert/quotes', voterId: voter(4) }, 'helpful'],
    ['an answer that is not yes or no', { articleId: 'convert/quotes', voterId: voter(4), helpful: 'yes' }, 'helpful'],
    ['no voter id', { articleId: 'convert/quotes', helpful: true }, 'voterId'],
  ])('refuses %s with 400, and counts nothing', async (_name, body, field) => {
    const reply = await vote(body);
    expect(reply.status).toBe(400);
    expect(reply.code).toBe(Code.badRequest);
    expect((reply.data as unknown as { field: string }).field).toBe(field);
    expect((await read({ articleId: 'convert/quotes' })).data).toMatchObject({ helpful: 0, notHelpful: 0 });
  });

  it('refuses reading the votes of an unknown article', async () => {
    const reply = await read({ articleId: 'help/everything' });
    expect(reply.status).toBe(400);
    expect((reply.data as unknown as { rule: string }).rule).toBe('enum');
  });

  it('limits votes per source address, and a refused vote changes nothing', async () => {
    const article = 'recharge/fiat-deposit';
    // 4 votes were taken above; the limit here is 12 an hour.
    for (let n = 10; n < 18; n++) expect((await vote({ articleId: article, voterId: voter(n), helpful: true })).code).toBe(200);
    const refused = await vote({ articleId: article, voterId: voter(99), helpful: false });
    expect(refused.code).toBe(Code.sendLimited);
    expect((await read({ articleId: article, voterId: voter(99) })).data).toEqual({ articleId: article, helpful: 8, notHelpful: 0, yourVote: null });
    api.clock.advance(3_600_000);
    expect((await vote({ articleId: article, voterId: voter(99), helpful: false })).data).toMatchObject({ helpful: 8, notHelpful: 1, yourVote: false });
  });
});
