import type { TFunction } from 'i18next';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_APPLICATION_REMARK } from '../../../../contract/broker-funds-rules.ts';
import { newRequestId } from '../../../lib/api/index.ts';
import { type FormError } from '../../account/shared.ts';
import { FormMessage, SubmitButton, TextField, useFieldErrors, useSubmit } from '../../../components/form/index.ts';
import { useStepUp } from '../../../components/step-up/index.ts';
import { useAccountInfo } from '../../account/index.ts';
import type { ApplicationKey } from './application-keys.ts';
import { moneyFactors, SecondFactorFields, type FactorField } from './shared.tsx';
import './locale.ts';

const FIELDS: readonly (FactorField | 'reason')[] = ['emailCode', 'gaCode', 'reason'];

/** What an approval sends besides the application: its own requestId and the second factor. */
export interface ApproveBody {
  requestId: string;
  emailUuid: string;
  emailCode: string;
  gaCode?: string;
}

/** The page's decision calls (fundTransfer/approve, reject or profitAccrual/approve, reject). */
export interface DecisionCalls {
  approve: (body: ApproveBody & { applicationId: string }) => Promise<{ applicationId: string }>;
  reject: (body: { applicationId: string; requestId: string; reason?: string; gaCode?: string }) => Promise<{ applicationId: string }>;
  /** Sends the e-mail code that approves this one application (server/broker/code-operations.ts). */
  approveCode: (applicationId: string) => Promise<{ uuid: string }>;
}

/**
 * Approve (with the second factor: an e-mail code of business type brokerApprove and the checker's current Google
 * code) or reject (with the Google code and an optional reason) one application (spec §4 maker-checker;
 * server/broker/checker.ts: a checker has advanced KYC and a bound authenticator, so the Google code is always
 * asked for): the transfer page's applications, the profit page's and the API key and unbinding requests, through
 * the page's `calls`. Its title and the text shown when it is done are the page's
 * (`${prefix}.decisionTitle`, `.approved`, `.rejected`: application-keys.ts); refusals show beside their field or
 * above the buttons, as `describe` says.
 */
export function DecisionPanel({
  t: page,
  prefix,
  application,
  calls,
  subject,
  describe,
  onDone,
  onCancel,
}: {
  t: TFunction;
  prefix: string;
  application: { applicationId: string };
  calls: DecisionCalls;
  subject: string;
  describe: (error: unknown) => FormError;
  onDone: (text: string) => void;
  onCancel: () => void;
}) {
  const { applicationId } = application;
  const text = (key: ApplicationKey, id: string) => page(`${prefix}.${key}`, { id });
  const approve = async (body: ApproveBody) => text('approved', (await calls.approve({ applicationId, ...body })).applicationId);
  const reject = async (body: { requestId: string; reason?: string; gaCode?: string }) => text('rejected', (await calls.reject({ applicationId, ...body })).applicationId);
  const { t } = useTranslation('broker-money');
  const info = useAccountInfo();
  const stepUp = useStepUp({ factors: moneyFactors(true) });
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
    const gaCode = stepUp.values.gaCode.trim();
    if (reason.length > MAX_APPLICATION_REMARK || !/^\d{6}$/.test(gaCode)) {
      setErrors({
        ...(reason.length > MAX_APPLICATION_REMARK ? { reason: t('errors.remark', { max: MAX_APPLICATION_REMARK }) } : {}),
        ...(/^\d{6}$/.test(gaCode) ? {} : { gaCode: t('errors.checkerGaCode') }),
      });
      return;
    }
    await run(async () => {
      try {
        onDone(await reject({ requestId: newRequestId(), gaCode, ...(reason.trim() ? { reason: reason.trim() } : {}) }));
      } catch (error) {
        fail(error);
      }
    });
  };

  return (
    <form className="td-form td-broker-money-form" noValidate onSubmit={(e) => void onApprove(e)} data-testid="decision-form" aria-labelledby="decision-title">
      <h2 id="decision-title" ref={heading} tabIndex={-1}>
        {text('decisionTitle', applicationId)}
      </h2>
      <p data-testid="decision-subject">{subject}</p>
      {info && !info.gaBound ? <p className="td-field-hint" data-testid="decision-checker-rule">{t('transfer.checkerRule')}</p> : null}
      <SecondFactorFields businessType="brokerApprove" request={() => calls.approveCode(applicationId)} stepUp={stepUp} errors={errors} />
      <TextField name="reason" label={t('transfer.rejectReason')} autoComplete="off" value={reason} onValue={setReason} error={errors.reason} />
      <FormMessage text={message} />
      <div className="td-broker-money-actions">
        <SubmitButton submitting={submitting} testId="decision-approve">
          {t('transfer.approve')}
        </SubmitButton>
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
