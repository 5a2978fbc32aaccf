import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { ConvertKind } from '../../../contract/convert-rules.ts';
import type { DisabledReason } from '../account/index.ts';
import { tabPath } from './ConvertTabs.tsx';

/** Where a person fixes what is missing (spec §6): verification on the KYC page, the authenticator on the security page. */
const FIX: Partial<Record<DisabledReason, { path: string; key: 'kyc' | 'ga' }>> = {
  kycBasic: { path: 'account/kyc', key: 'kyc' },
  kycAdvanced: { path: 'account/kyc', key: 'kyc' },
  gaRequired: { path: 'account/safe', key: 'ga' },
};

/** Convert is off for this person (getUserMenu's permission): what is missing, and a link to where to fix it. */
export function PermissionNotice({ reason, tab }: { reason: DisabledReason; tab: ConvertKind }) {
  const { t } = useTranslation('convert');
  const { lang } = useParams();
  const fix = FIX[reason];
  return (
    <div className="td-notice td-notice-warning td-convert-notice" data-testid="convert-permission" data-reason={reason}>
      <p>{t(`permission.${reason}`, { kind: t(`tabs.${tab}`) })}</p>
      {fix ? (
        <Link className="td-button td-button-primary" to={`/${lang}/${fix.path}`} data-testid="convert-permission-fix">
          {t(`permission.fix.${fix.key}`)}
        </Link>
      ) : null}
    </div>
  );
}

/** The public pages: a firm quote needs an account; sign-in comes back to the convert page on the same tab. */
export function SignInPrompt({ tab }: { tab: ConvertKind }) {
  const { t } = useTranslation('convert');
  const { lang } = useParams();
  const back = `/${lang}/${tabPath(tab, true)}`;
  return (
    <div className="td-notice td-convert-notice" data-testid="convert-signin">
      <p>{t('public.signInText')}</p>
      <div className="td-convert-actions">
        <Link className="td-button td-button-primary" to={`/${lang}/login?redirect=${encodeURIComponent(back)}`} data-testid="convert-signin-link">
          {t('public.signIn')}
        </Link>
        <Link className="td-button td-button-secondary" to={`/${lang}/register`}>
          {t('public.register')}
        </Link>
      </div>
    </div>
  );
}
