import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_APPLICATION_REMARK } from '../../../../contract/broker-funds-rules.ts';
import { newRequestId } from '../../../lib/api/index.ts';
import { type FormError } from '../../account/shared.ts';
import { FormMessage, TextField, useFieldErrors, useSubmit } from '../../../components/form/index.ts';
import { useStepUp } from '../../../components/step-up/index.ts';
import { useAccountInfo } from '../../account/index.ts';
import { moneyFactors, SecondFactorFields, type FactorField } from './shared.tsx';

const FIELDS: readonly (FactorField | 'reason')[] = ['emailCode', 'gaCode', 'reason'];
import './locale.ts';

/** What an approval sends besides the application: its own requestId and the second factor. */
export interface ApproveBody {
  requestId: string;
  emailUuid: string;
  emailCode: string;
  gaCode?: string;
}

/**
 * Approve (with the second factor: an e-mail code of business type brokerApprove, and the Google code when bound) or
 * reject (with an optional reason) one application (spec §4 maker-checker): the transfer page's applications
 * (fundTransfer/approve, reject) and the profit page's (profitAccrual/approve, reject). `approve` and `reject` call
 * the page's own decision and answer with the text to show when it is done; refusals show beside their field or
 * above the buttons, as `describe` says.
 */
export function DecisionPanel({
  title,
  subject,
  approve,
  reject,
  describe,
  onDone,
  onCancel,
}: {
  title: string;
  subject: string;
  approve: (body: ApproveBody) => Promise<string>;
  reject: (body: { requestId: string; reason?: string }) => Promise<string>;
  describe: (error: unknown) => FormError;
  onDone: (text: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('broker-money');
  const info = useAccountInfo();
  const gaBound = Boolean(info?.gaBound);
  const stepUp = useStepUp({ factors: moneyFactors(gaBound) });
  const [reason, setReason] = useState('');
  const { errors, setErrors, place } = useFieldErrors<FactorField | 'reason'>('decision', FIELDS);
  const [message, setMessage] = useState<string | null>(null);
  const [requestId] = useState(newRequestId);
  const { submitting, run } = useSubmit();
  // The panel opens from a row of the list below it: bring it into view and move the focus to it (keyboard and
  // screen-reader users land on what they asked for).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  const fail = (error: unknown) => {
    const described = describe(error);
    stepUp.learn(error);
    if (described.field === 'reason' || !place(described.field, described.message)) setMessage(described.message);
  };

  const onApprove = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found = stepUp.check();
    setErrors(found);
    const factors = stepUp.body();
    if (Object.keys(found).length > 0 || !factors) return;
    await run(async () => {
      try {
        onDone(await approve({ requestId, ...factors }));
      } catch (error) {
        fail(error);
      }
    });
  };

  const onReject = async () => {
    setMessage(null);
    if (reason.length > MAX_APPLICATION_REMARK) {
      setErrors({ reason: t('errors.remark', { max: MAX_APPLICATION_REMARK }) });
      return;
    }
    await run(async () => {
      try {
        onDone(await reject({ requestId: newRequestId(), ...(reason.trim() ? { reason: reason.trim() } : {}) }));
      } catch (error) {
        fail(error);
      }
    });
  };

  return (
    <form className="td-form td-broker-money-form" noValidate onSubmit={(e) => void onApprove(e)} data-testid="decision-form" aria-labelledby="decision-title">
      <h2 id="decision-title" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <p data-testid="decision-subject">{subject}</p>
      <SecondFactorFields businessType="brokerApprove" stepUp={stepUp} errors={errors} />
      <TextField name="reason" label={t('transfer.rejectReason')} autoComplete="off" value={reason} onValue={setReason} error={errors.reason} />
      <FormMessage text={message} />
      <div className="td-broker-money-actions">
        <button type="submit" className="td-button td-button-primary" disabled={submitting} data-testid="decision-approve">
          {t('transfer.approve')}
        </button>
        <button type="button" className="td-button td-button-secondary" disabled={submitting} onClick={() => void onReject()} data-testid="decision-reject">
          {t('transfer.reject')}
        </button>
        <button type="button" className="td-button td-button-secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
