import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router-dom';

// spec §2 account children: information, safe, freeze, hitory (login history), kyc.
const ITEMS = [
  ['information', 'account/information'],
  ['safe', 'account/safe'],
  ['history', 'account/hitory'],
  ['kyc', 'account/kyc'],
  ['freeze', 'account/freeze'],
] as const;

export function AccountNav() {
  const { t } = useTranslation('account');
  const { lang } = useParams();
  return (
    <nav className="td-account-nav" aria-label={t('nav.label')}>
      {ITEMS.map(([key, path]) => (
        <NavLink key={key} to={`/${lang}/${path}`} data-testid={`account-nav-${key}`}>
          {t(`nav.${key}`)}
        </NavLink>
      ))}
    </nav>
  );
}
