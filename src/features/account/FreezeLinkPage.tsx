import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Code } from '../../../contract/codes.ts';
import { isApiError } from '../../lib/api/index.ts';
import { usePageMeta } from '../../lib/page-meta/index.ts';
import { session } from '../../lib/session/index.ts';
import { FormMessage, useSubmit } from '../../components/form/index.ts';
import { freezeByLink } from './api.ts';
import { describeError } from './errors.ts';
import { FreezeEffects } from './ui/FreezeEffects.tsx';
import './account.css';

const TOKEN = /^#token=([A-Za-z0-9_-]{43})$/;

/** The link's token, read once from the fragment (never sent to a server by the browser) and then taken out of the address bar. */
function takeToken(): string | null {
  const token = TOKEN.exec(window.location.hash)?.[1] ?? null;
  if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return token;
}

/**
 * The link of the mail about a stranger's failed attempts (server/README.md "Lockouts"): asks before it freezes
 * (spec §4 "Account freeze": withdrawals and exchange off, every session signed out), once per link.
 */
export default function FreezeLinkPage() {
  const { t } = useTranslation('account');
  const { lang } = useParams();
  usePageMeta(t('freezeLink.title'), t('freezeLink.lead'));
  const [token] = useState(takeToken);
  const [state, setState] = useState<'ready' | 'done' | 'invalid'>(token ? 'ready' : 'invalid');
  const [message, setMessage] = useState<string | null>(null);
  const { submitting, run } = useSubmit();

  const freeze = async () => {
    if (!token) return;
    const outcome = await run(async () => {
      try {
        await freezeByLink(token);
        setState('done');
        // The server ended every session; one kept in this browser is dead too.
        if (session.getState().isLogin) session.actions.signOut();
      } catch (error) {
        if (isApiError(error) && error.code === Code.codeExpired) setState('invalid');
        else setMessage(describeError(t, error).message);
      }
    });
    if (outcome === 'busy') setMessage(t('errors.clickOnce'));
  };

  return (
    <div className="td-auth-page">
      <section className="td-form td-auth-card" data-testid="freeze-link-page">
        <h1>{t('freezeLink.title')}</h1>
        {state === 'done' ? (
          <FormMessage tone="success" text={t('freezeLink.done')} />
        ) : state === 'invalid' ? (
          <FormMessage text={t('freezeLink.invalid')} />
        ) : (
          <>
            <p>{t('freezeLink.lead')}</p>
            <FreezeEffects />
            <FormMessage text={message} />
            <button type="button" className="td-button td-button-danger" disabled={submitting} data-testid="freeze-link-confirm" onClick={() => void freeze()}>
              {submitting ? t('common.processing') : t('freezeLink.confirm')}
            </button>
          </>
        )}
        <div className="td-auth-links">
          <Link to={`/${lang}/login`}>{t('freezeLink.toLogin')}</Link>
        </div>
      </section>
    </div>
  );
}
