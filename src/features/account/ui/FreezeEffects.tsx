import { useTranslation } from 'react-i18next';

/** What a freeze does (spec §4 "Account freeze: it disables withdrawals and exchange, and logs the user out"). */
export function FreezeEffects() {
  const { t } = useTranslation('account');
  return (
    <ul>
      <li>{t('freeze.effectWithdraw')}</li>
      <li>{t('freeze.effectExchange')}</li>
      <li>{t('freeze.effectLogout')}</li>
    </ul>
  );
}
