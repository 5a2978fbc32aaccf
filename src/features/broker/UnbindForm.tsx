import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, SubmitButton, useFieldErrors, useSubmit } from '../../components/form/index.ts';
import { useStepUp } from '../../components/step-up/index.ts';
import { formatAssetAmount } from '../../lib/format/index.ts';
import { useAccountInfo } from '../account/index.ts';
import { accountsApi, type BrokerAccount, type Unbound } from './accounts-api.ts';
import { describeMoneyError } from './money/errors.ts';
import './money/locale.ts';
import { SecondFactorFields, stepUpFactors, type FactorField } from './money/shared.tsx';

const FIELDS: readonly FactorField[] = ['password', 'emailCode', 'gaCode'];

/**
 * Unbinding a sub-account that still holds money (account/delete; server/broker/README.md "Maker-checker
 * controls"): the step-up (password, an e-mail code of business type brokerUnbind, the Google code when bound) makes
 * a request another member approves; nothing moves before. An empty sub-account is unbound by the page's plain
 * confirmation instead.
 */
export function UnbindForm({ account, onDone, onCancel }: { account: BrokerAccount; onDone: (reply: Unbound) => void; onCancel: () => void }) {
  const { t } = useTranslation('broker');
  const gaBound = Boolean(useAccountInfo()?.gaBound);
  const stepUp = useStepUp({ factors: stepUpFactors(gaBound) });
  const { errors, setErrors, place } = useFieldErrors<FactorField>('unbind', FIELDS);
  const [message, setMessage] = useState<string | null>(null);
  const { submitting, run } = useSubmit();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found = stepUp.check();
    setErrors(found);
    const factors = stepUp.body();
    if (Object.keys(found).length > 0 || !factors) return;
    await run(async () => {
      try {
        onDone(await accountsApi.remove(account.brokerAccountId, factors));
      } catch (error) {
        stepUp.learn(error);
        stepUp.clearGaCode();
        const described = describeMoneyError(t, error);
        if (!place(described.field, described.message)) setMessage(described.message);
      }
    });
  };

  return (
    <form className="td-form td-broker-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="unbind-form" aria-labelledby="unbind-title">
      <h2 id="unbind-title">{t('account.deleteTitle')}</h2>
      <p data-testid="unbind-text">{t('account.unbindFunded', { name: account.subAccountName, value: formatAssetAmount(account.totalValueUsdt, 'USDT') })}</p>
      <SecondFactorFields businessType="brokerUnbind" stepUp={stepUp} errors={errors} />
      <FormMessage text={message} />
      <div className="td-broker-actions">
        <SubmitButton submitting={submitting} testId="unbind-submit">
          {t('account.unbindRequest')}
        </SubmitButton>
        <button type="button" className="td-button td-button-secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
