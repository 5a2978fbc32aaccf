import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, SubmitButton } from '../../components/form/index.ts';
import { accountsApi, type ExchangeKey } from './accounts-api.ts';
import './money/locale.ts';
import { SecondFactorFields } from './money/shared.tsx';
import { useStepUpForm } from './step-up-form.ts';

/**
 * The maker of an approved API key that can move money takes its secret here, once, with the step-up (password, an
 * e-mail code of business type brokerApiKey, the Google code when bound; exchangeKey/claimSecret). The secret is
 * shown on this panel only; closing it leaves nothing to show again.
 */
export function ClaimSecret({ apiKey, onClose }: { apiKey: ExchangeKey; onClose: (claimed: boolean) => void }) {
  const { t } = useTranslation('broker');
  const [secret, setSecret] = useState<string | null>(null);
  const { stepUp, errors, message, submitting, onSubmit } = useStepUpForm('claim', async (factors) => {
    setSecret((await accountsApi.claimSecret(apiKey.keyId, factors)).secretKey);
  });

  return (
    <form className="td-form td-broker-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="claim-secret-form" aria-labelledby="claim-title">
      <h2 id="claim-title">{t('keys.claimTitle', { apiKey: apiKey.apiKey })}</h2>
      {secret ? (
        <>
          <p className="td-broker-notice" role="status">
            {t('apply.created')}
          </p>
          <p className="td-broker-mono" data-testid="claimed-secret">
            {secret}
          </p>
        </>
      ) : (
        <>
          <p className="td-field-hint">{t('keys.claimIntro')}</p>
          <SecondFactorFields businessType="brokerApiKey" stepUp={stepUp} errors={errors} />
          <FormMessage text={message} />
        </>
      )}
      <div className="td-broker-actions">
        {secret ? null : (
          <SubmitButton submitting={submitting} testId="claim-submit">
            {t('keys.claim')}
          </SubmitButton>
        )}
        <button type="button" className="td-button td-button-secondary" onClick={() => onClose(secret !== null)} data-testid="claim-close">
          {t(secret ? 'keys.claimDone' : 'common.cancel')}
        </button>
      </div>
    </form>
  );
}
