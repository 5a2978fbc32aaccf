import { useTranslation } from 'react-i18next';
import { FormMessage, SubmitButton } from '../../components/form/index.ts';
import { formatAssetAmount } from '../../lib/format/index.ts';
import { accountsApi, type BrokerAccount, type Unbound } from './accounts-api.ts';
import './money/locale.ts';
import { SecondFactorFields } from './money/shared.tsx';
import { useStepUpForm } from './step-up-form.ts';

/**
 * Unbinding a sub-account that still holds money (account/delete; server/broker/README.md "Maker-checker
 * controls"): the step-up (password, an e-mail code of business type brokerUnbind, the Google code when bound) makes
 * a request another member approves; nothing moves before. An empty sub-account is unbound by the page's plain
 * confirmation instead.
 */
export function UnbindForm({ account, onDone, onCancel }: { account: BrokerAccount; onDone: (reply: Unbound) => void; onCancel: () => void }) {
  const { t } = useTranslation('broker');
  const { stepUp, errors, message, submitting, onSubmit } = useStepUpForm('unbind', async (factors) => onDone(await accountsApi.remove(account.brokerAccountId, factors)));

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
