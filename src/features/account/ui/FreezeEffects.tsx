import { useTranslation } from 'react-i18next';

/**
 * What a freeze does (spec §4 "Account freeze: it disables withdrawals and exchange, and logs the user out"), as the
 * server enforces it (server/identity/freeze-guard.ts): what stops, what still works to reduce risk, the sign-out.
 */
export function FreezeEffects() {
  const { t } = useTranslation('account');
  return (
    <ul>
      <li>{t('freeze.effectWithdraw')}</li>
      <li>{t('freeze.effectExchange')}</li>
      <li>{t('freeze.effectStillAllowed')}</li>
      <li>{t('freeze.effectLogout')}</li>
    </ul>
  );
}
