import { useTranslation } from 'react-i18next';

/**
 * spec §8 "Fee Retrieval Failed": the withdrawal's fee (a coin network's, a currency's bank fee) could not be read, so
 * the withdrawal form is not offered — nothing is sent with an unknown fee — until a retry reads it.
 */
export function FeeFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation('wallet');
  return (
    <div className="td-form-message td-form-message-error td-fee-failed" data-testid="fee-failed">
      <span role="alert">{t('errors.feeFailed')}</span>
      <button type="button" className="td-button td-button-secondary" onClick={onRetry} disabled={retrying} data-testid="fee-retry">
        {t('withdraw.retryFee')}
      </button>
    </div>
  );
}
