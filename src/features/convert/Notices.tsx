import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { DisabledReason } from '../account/index.ts';
import type { QuoteNs } from './convert-form.ts';

// i18n namespaces: convert, otc

/** Where a person fixes what is missing (spec §6): verification on the KYC page, the authenticator on the security page. */
const FIX: Partial<Record<DisabledReason, { path: string; key: 'kyc' | 'ga' }>> = {
  kycBasic: { path: 'account/kyc', key: 'kyc' },
  kycAdvanced: { path: 'account/kyc', key: 'kyc' },
  gaRequired: { path: 'account/safe', key: 'ga' },
};

/**
 * The desk is off for this person (getUserMenu's permission: convert's, or `otc`): what is missing, and a link
 * to where to fix it. `values` fill the namespace's `permission.<reason>` text (convert names its tab).
 */
export function PermissionNotice({ ns, reason, values = {} }: { ns: QuoteNs; reason: DisabledReason; values?: Record<string, string> }) {
  const { t } = useTranslation(ns);
  const { lang } = useParams();
  const fix = FIX[reason];
  return (
    <div className="td-notice td-notice-warning td-convert-notice" data-testid={`${ns}-permission`} data-reason={reason}>
      <p>{t(`permission.${reason}`, values)}</p>
      {fix ? (
        <Link className="td-button td-button-primary" to={`/${lang}/${fix.path}`} data-testid={`${ns}-permission-fix`}>
          {t(`permission.fix.${fix.key}`)}
        </Link>
      ) : null}
    </div>
  );
}

/** A public page: a firm quote needs an account; sign-in comes back to `back` (a path below the language). */
export function SignInPrompt({ ns, back }: { ns: QuoteNs; back: string }) {
  const { t } = useTranslation(ns);
  const { lang } = useParams();
  const target = `/${lang}/${back}`;
  return (
    <div className="td-notice td-convert-notice" data-testid={`${ns}-signin`}>
      <p>{t('public.signInText')}</p>
      <div className="td-convert-actions">
        <Link className="td-button td-button-primary" to={`/${lang}/login?redirect=${encodeURIComponent(target)}`} data-testid={`${ns}-signin-link`}>
          {t('public.signIn')}
        </Link>
        <Link className="td-button td-button-secondary" to={`/${lang}/register`}>
          {t('public.register')}
        </Link>
      </div>
    </div>
  );
}
