import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Code } from '../../../contract/codes.ts';
import { isApiError } from '../../lib/api/index.ts';
import type { HelpArticleId } from './articles.ts';
import { helpApi, voterId, type HelpVotes } from './api.ts';

/**
 * "Was this article helpful?": yes or no, stored by the sandbox per article and browser; a second answer replaces the
 * first. Keyed by the article where it is used, so another article starts afresh.
 */
export function HelpfulVote({ articleId }: { articleId: HelpArticleId }) {
  const { t } = useTranslation('help');
  const [votes, setVotes] = useState<HelpVotes | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [thanked, setThanked] = useState(false);

  useEffect(() => {
    let live = true;
    helpApi.votes({ articleId, voterId: voterId() }).then(
      (reply) => live && setVotes(reply),
      // Without the counts the question still works.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [articleId]);

  const answer = async (helpful: boolean) => {
    setBusy(true);
    setError(null);
    try {
      setVotes(await helpApi.vote({ articleId, voterId: voterId(), helpful }));
      setThanked(true);
    } catch (caught) {
      setError(t(isApiError(caught) && caught.code === Code.sendLimited ? 'vote.limited' : 'vote.failed'));
    } finally {
      setBusy(false);
    }
  };

  const mine = votes?.yourVote ?? null;
  const total = votes ? votes.helpful + votes.notHelpful : 0;
  return (
    <section className="td-help-vote" aria-labelledby="help-vote-question" data-testid="help-vote" data-vote={mine === null ? 'none' : mine ? 'yes' : 'no'}>
      <h2 id="help-vote-question">{t('vote.question')}</h2>
      <div className="td-help-vote-buttons">
        <button type="button" className="td-button td-button-secondary" aria-pressed={mine === true} disabled={busy} onClick={() => void answer(true)} data-testid="help-vote-yes">
          {t('vote.yes')}
        </button>
        <button type="button" className="td-button td-button-secondary" aria-pressed={mine === false} disabled={busy} onClick={() => void answer(false)} data-testid="help-vote-no">
          {t('vote.no')}
        </button>
      </div>
      <p className="td-help-vote-status" role="status" data-testid="help-vote-status">
        {error ?? (thanked ? t('vote.thanks') : '')} {total > 0 ? t('vote.counts', { helpful: votes?.helpful ?? 0, count: total }) : ''}
      </p>
    </section>
  );
}
