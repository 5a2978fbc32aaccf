import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router-dom';
import { NoPermission } from '../../components/index.ts';
import { isApiError } from '../../lib/api/index.ts';
import { config } from '../../lib/config/index.ts';
import { session, useSession } from '../../lib/session/index.ts';
import { loadPlatformConfiguration } from '../account/index.ts';
import { mayOpenRights, signInPath, type BrokerAccess } from './access.ts';
import { brokerShellApi } from './api.ts';
import { BROKER_AGREEMENT_VERSION } from '../../../contract/rules.ts';

/** The broker agreement's terms, in order (locales broker.json `gate.agreement.terms`). */
const AGREEMENT_TERMS = ['a', 'b', 'c', 'd', 'e'] as const;

/** What the broker manager shows instead of its pages (spec §2): checking, sign in, or no permission. */
export function BrokerGateScreen({ access }: { access: Exclude<BrokerAccess, 'granted'> }) {
  if (access === 'signedOut') return <SignInPrompt />;
  if (access === 'noRights') return <NoRights />;
  return <Checking />;
}

function Checking() {
  const { t } = useTranslation('broker');
  return (
    <p className="td-broker-gate__checking" role="status" data-testid="broker-checking">
      {t('gate.checking')}
    </p>
  );
}

function SignInPrompt() {
  const { t } = useTranslation('broker');
  const { lang = 'zh-HK' } = useParams();
  const location = useLocation();
  const id = useId();
  return (
    <section className="td-broker-gate" aria-labelledby={id} data-testid="broker-sign-in">
      <h1 id={id}>{t('gate.signInTitle')}</h1>
      <p>{t('gate.signInText')}</p>
      <Link className="td-broker-gate__button" to={signInPath(lang, location)} data-testid="broker-sign-in-link">
        {t('gate.signIn')}
      </Link>
    </section>
  );
}

/** The support address of the platform configuration (the same the rest of the app shows), else the build's. */
function useSupportEmail(): string {
  const [email, setEmail] = useState(config.supportEmail);
  useEffect(() => {
    let live = true;
    loadPlatformConfiguration().then(
      (platform) => live && platform.supportEmail && setEmail(platform.supportEmail),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return email;
}

function NoRights() {
  const { t } = useTranslation('broker');
  const id = useId();
  const supportEmail = useSupportEmail();
  const userInfo = useSession((s) => s.userInfo);
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [accepted, setAccepted] = useState(false);
  const [showAgreement, setShowAgreement] = useState(false);

  const open = async () => {
    if (!accepted) return;
    setOpening(true);
    setError(null);
    try {
      const reply = await brokerShellApi.openRights(BROKER_AGREEMENT_VERSION);
      const { userInfo: current, userMenu } = session.getState();
      // The session follows the server's answer: the shell re-renders with the pages.
      if (current) session.actions.setUser({ ...current, brokerOpen: reply.brokerOpen }, userMenu);
    } catch (failure) {
      setError(t('gate.openFailed', { message: isApiError(failure) ? failure.message : String(failure) }));
    } finally {
      setOpening(false);
    }
  };

  return (
    <section className="td-broker-gate" aria-labelledby={id} data-testid="broker-no-permission">
      <h1 id={id}>{t('gate.noRightsTitle')}</h1>
      <NoPermission tips={t('gate.noRightsTips')} supportEmail={supportEmail} />
      {mayOpenRights(userInfo) ? (
        <div className="td-broker-gate__open">
          <p>{t('gate.openText')}</p>
          {showAgreement ? (
            <>
              {/* The agreement the person accepts (its version is what the server records with the time). */}
              <section className="td-broker-agreement" aria-labelledby={`${id}-agreement`} tabIndex={0} data-testid="broker-agreement" data-version={BROKER_AGREEMENT_VERSION}>
                <h2 id={`${id}-agreement`}>{t('gate.agreement.title')}</h2>
                <ol>
                  {AGREEMENT_TERMS.map((term) => (
                    <li key={term}>{t(`gate.agreement.terms.${term}`)}</li>
                  ))}
                </ol>
                <p className="td-broker-agreement__version">{t('gate.agreement.version', { version: BROKER_AGREEMENT_VERSION })}</p>
              </section>
              <label className="td-checkbox">
                <input type="checkbox" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} data-testid="broker-agreement-accept" />
                {t('gate.agreement.accept')}
              </label>
              <button type="button" className="td-broker-gate__button" disabled={opening || !accepted} onClick={() => void open()} data-testid="broker-open-rights">
                {opening ? t('gate.opening') : t('gate.open')}
              </button>
            </>
          ) : (
            <button type="button" className="td-broker-gate__button" onClick={() => setShowAgreement(true)} data-testid="broker-read-agreement">
              {t('gate.agreement.read')}
            </button>
          )}
          {error ? (
            <p className="td-form-message td-form-message-error" role="alert" data-testid="broker-open-error">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
