import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { session } from '../../lib/session/index.ts';
import { bootstrapSession } from './session-bootstrap.ts';
import { EmailSection } from './safe/EmailSection.tsx';
import { GaSection } from './safe/GaSection.tsx';
import { PasswordSection } from './safe/PasswordSection.tsx';
import { AntiPhishingSection } from './safe/AntiPhishingSection.tsx';
import { PhoneSection } from './safe/PhoneSection.tsx';
import { SessionsSection } from './safe/SessionsSection.tsx';
import { Section } from './safe/Section.tsx';
import { AccountShell } from './ui/AccountShell.tsx';
import { FormMessage } from '../../components/form/index.ts';
import { WithdrawBans } from './ui/WithdrawBans.tsx';
import { useAccountInfo } from './use-account-info.ts';

type Panel = 'ga' | 'email' | 'phone' | 'password' | 'antiPhishing' | null;

/**
 * spec §2 account security: Google verification, e-mail, phone, login history, change password; and, beyond
 * the spec, the anti-phishing code and the signed-in devices (server/README.md "Sessions").
 */
export default function SafePage() {
  const { t } = useTranslation('account');
  const { lang } = useParams();
  const navigate = useNavigate();
  const info = useAccountInfo();
  const [open, setOpen] = useState<Panel>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    void bootstrapSession();
  }, []);

  const toggle = (panel: Exclude<Panel, null>) => () => {
    setDone(null);
    setOpen((current) => (current === panel ? null : panel));
  };
  const saved = (text: string) => () => {
    setOpen(null);
    setDone(text);
    void bootstrapSession();
  };
  const gaBound = Boolean(info?.gaBound);

  return (
    <AccountShell title={t('safe.title')}>
      <WithdrawBans bans={info?.withdrawBans} />
      <FormMessage tone="success" text={done} />
      {info ? (
        <>
          <Section id="ga" help="security/google-authenticator" title={t('safe.ga.title')} status={gaBound ? t('info.bound') : t('info.notBound')} open={open === 'ga'} onToggle={toggle('ga')} actionLabel={gaBound ? t('safe.ga.rebind') : t('safe.ga.bind')}>
            <GaSection bound={gaBound} onBound={saved(t('safe.ga.done'))} />
          </Section>
          <Section id="email" help="withdraw/restrictions" title={t('safe.email.title')} status={info.email ?? '--'} open={open === 'email'} onToggle={toggle('email')} actionLabel={t('safe.change')}>
            <EmailSection currentEmail={info.email ?? ''} gaBound={gaBound} onSaved={saved(t('safe.email.done'))} />
          </Section>
          <Section id="phone" title={t('safe.phone.title')} status={info.phone ? `${info.areaCode ?? ''} ${info.phone}` : t('info.notBound')} open={open === 'phone'} onToggle={toggle('phone')} actionLabel={info.phone ? t('safe.change') : t('safe.phone.bind')}>
            <PhoneSection info={info} onSaved={saved(t('safe.phone.done'))} />
          </Section>
          <Section id="password" help="security/password-lockouts" title={t('safe.password.title')} status={t('safe.password.status')} open={open === 'password'} onToggle={toggle('password')} actionLabel={t('safe.change')}>
            <PasswordSection
              gaBound={gaBound}
              onChanged={() => {
                // The server ended every session: sign in again with the new password. Leave the guarded
                // page first (flushSync: not in a transition), or its guard would redirect on its own.
                void navigate(`/${lang}/login`, { replace: true, state: { passwordChanged: true }, flushSync: true });
                session.actions.signOut();
              }}
            />
          </Section>
          <Section
            id="antiPhishing"
            help="security/sessions-devices"
            title={t('safe.antiPhishing.title')}
            status={info.antiPhishingCode ? t('safe.antiPhishing.current', { code: info.antiPhishingCode }) : t('safe.antiPhishing.notSet')}
            open={open === 'antiPhishing'}
            onToggle={toggle('antiPhishing')}
            actionLabel={info.antiPhishingCode ? t('safe.change') : t('safe.antiPhishing.set')}
          >
            <AntiPhishingSection gaBound={gaBound} onSaved={saved(t('safe.antiPhishing.done'))} />
          </Section>
          <SessionsSection
            onSignedOut={() => {
              // The server has already ended this session: leave the guarded page, then clear it here (no
              // logout call, which would only meet a 401).
              void navigate(`/${lang}/login`, { replace: true, flushSync: true });
              session.actions.signOut();
            }}
          />
          <section className="td-safe-section">
            <header>
              <h2>{t('safe.history.title')}</h2>
              <Link className="td-button td-button-secondary" to={`/${lang}/account/hitory`}>
                {t('safe.history.view')}
              </Link>
            </header>
          </section>
        </>
      ) : (
        <p className="td-empty">{t('common.loading')}</p>
      )}
    </AccountShell>
  );
}
