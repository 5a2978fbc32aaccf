import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format/index.ts';
import { FormMessage, TextField, useFieldErrors, useSubmit, type FieldErrors } from '../../components/form/index.ts';
import { SignInPrompt } from '../convert/shared.ts';
import { AssetSelect } from '../wallet/shared.ts';
import { convertKind } from '../../../contract/convert-rules.ts';
import { otcApi, type EnquiryReply } from './api.ts';
import { DeskTermsPanel } from './DeskTermsPanel.tsx';
import { utcText } from './desk-hours.ts';
import { emptyEnquiry, ENQUIRY_LIMITS, enquiryBody, enquiryIssues, type EnquiryDraft, type EnquiryField } from './enquiry-form.ts';
import { describeOtcError } from './errors.ts';
import { useDeskTerms } from './use-desk-terms.ts';
import { useOtcData } from './use-otc-data.ts';
import './otc.css';

/** The server names a field it refused (400 with data.field): the e-mail's format, the pair. */
const SERVER_FIELDS: readonly EnquiryField[] = ['companyName', 'contactName', 'email', 'areaCode', 'phone', 'fromAsset', 'toAsset', 'fromAmount', 'message'];

/**
 * otc/form/unlogin (spec §2, public): an enquiry to the desk without an account — company, contact, e-mail,
 * an optional phone, the pair and amount, a message — each field checked with its own message before anything
 * is sent; then a confirmation with the time by which the desk will have read it. Beside it the desk's terms and
 * a sign-in prompt for account holders.
 */
export function EnquiryScreen() {
  const { t } = useTranslation('otc');
  const terms = useDeskTerms(false);
  const data = useOtcData(false, terms.reload);
  const [draft, setDraft] = useState<EnquiryDraft>(emptyEnquiry);
  const { errors, setErrors, clear, place } = useFieldErrors<EnquiryField>('enquiry', SERVER_FIELDS);
  const [message, setMessage] = useState<string | null>(null);
  const [sent, setSent] = useState<EnquiryReply | null>(null);
  const { submitting, run } = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const set = (field: EnquiryField) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    clear(field);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found = enquiryIssues(draft, data.rules.decimals);
    setErrors(found);
    const first = Object.keys(found)[0];
    // Focus goes to the first field to fix, whose message is read with it.
    if (first) {
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    void run(async () => {
      try {
        setSent(await otcApi.enquiry(enquiryBody(draft)));
      } catch (error) {
        const described = describeOtcError(t, error);
        const field = (error as { data?: { field?: unknown } }).data?.field;
        const named = typeof field === 'string' ? field : null;
        if (!place(named, named === 'email' ? { key: 'otc:enquiry.errors.emailInvalid' } : described.message)) setMessage(described.message);
      }
    });
  };

  const names = data.names;
  return (
    <div className="td-convert td-otc" data-testid="otc-public">
      <div className="td-convert-head">
        <h1>{t('enquiry.title')}</h1>
      </div>
      <p className="td-convert-intro">{t('enquiry.intro')}</p>
      <div className="td-convert-grid">
        {sent ? (
          <EnquirySent sent={sent} onAnother={() => setSent(null)} />
        ) : (
          <form ref={form} className="td-convert-form" noValidate aria-label={t('enquiry.title')} onSubmit={onSubmit} data-testid="otc-enquiry">
            <TextField name="companyName" label={t('enquiry.companyName')} autoComplete="organization" maxLength={ENQUIRY_LIMITS.name} value={draft.companyName} onValue={set('companyName')} error={errors.companyName} />
            <TextField name="contactName" label={t('enquiry.contactName')} autoComplete="name" maxLength={ENQUIRY_LIMITS.name} value={draft.contactName} onValue={set('contactName')} error={errors.contactName} />
            <TextField name="email" label={t('enquiry.email')} type="email" autoComplete="email" value={draft.email} onValue={set('email')} error={errors.email} />
            <div className="td-otc-phone">
              <TextField name="areaCode" label={t('enquiry.areaCode')} autoComplete="tel-country-code" inputMode="tel" value={draft.areaCode} onValue={set('areaCode')} error={errors.areaCode} hint={t('enquiry.optional')} />
              <TextField name="phone" label={t('enquiry.phone')} autoComplete="tel-national" inputMode="numeric" value={draft.phone} onValue={set('phone')} error={errors.phone} hint={t('enquiry.optional')} />
            </div>
            <div className="td-otc-pair">
              <AssetSelect id="otc-enquiry-from" label={t('enquiry.fromAsset')} testId="input-fromAsset" value={draft.fromAsset} options={names.map((asset) => ({ asset }))} onChange={set('fromAsset')} />
              <AssetSelect
                id="otc-enquiry-to"
                label={t('enquiry.toAsset')}
                testId="input-toAsset"
                value={draft.toAsset}
                options={names.filter((b) => convertKind(draft.fromAsset, b) !== null || b === draft.toAsset).map((asset) => ({ asset }))}
                onChange={set('toAsset')}
              />
            </div>
            {errors.toAsset ? <FormMessage text={typeof errors.toAsset === 'string' ? errors.toAsset : t(errors.toAsset.key, errors.toAsset.params ?? {})} /> : null}
            <TextField
              name="fromAmount"
              label={t('enquiry.amount', { asset: draft.fromAsset })}
              inputMode="decimal"
              autoComplete="off"
              value={draft.fromAmount}
              onValue={set('fromAmount')}
              error={errors.fromAmount}
              hint={t('enquiry.amountHint')}
            />
            <MessageField value={draft.message} onValue={set('message')} error={errors.message} />
            <FormMessage text={message} />
            <button type="submit" className="td-button td-button-primary td-convert-submit" disabled={submitting} data-testid="otc-enquiry-submit">
              {submitting ? t('actions.processing') : t('enquiry.submit')}
            </button>
          </form>
        )}
        <div className="td-otc-side">
          <SignInPrompt ns="otc" back="otc/form" />
          <DeskTermsPanel terms={terms} />
        </div>
      </div>
    </div>
  );
}

function MessageField({ value, onValue, error }: { value: string; onValue: (value: string) => void; error: EnquiryFieldError }) {
  const { t } = useTranslation('otc');
  return (
    <div className="td-field" data-field="message">
      <label htmlFor="otc-enquiry-message">{t('enquiry.message')}</label>
      <textarea
        id="otc-enquiry-message"
        name="message"
        rows={4}
        data-testid="input-message"
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error !== undefined}
        aria-describedby={error ? 'otc-enquiry-message-error' : 'otc-enquiry-message-hint'}
      />
      <div className="td-field-hint" id="otc-enquiry-message-hint">
        {t('enquiry.messageHint', { count: [...value].length, max: ENQUIRY_LIMITS.message })}
      </div>
      {error ? (
        <div className="td-field-error" id="otc-enquiry-message-error" role="alert" data-testid="error-message">
          {typeof error === 'string' ? error : t(error.key, error.params ?? {})}
        </div>
      ) : null}
    </div>
  );
}

type EnquiryFieldError = FieldErrors<EnquiryField>[EnquiryField];

/** The enquiry reached the desk: by when it will have read it (in the person's zone and in UTC). */
function EnquirySent({ sent, onAnother }: { sent: EnquiryReply; onAnother: () => void }) {
  const { t } = useTranslation('otc');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [sent.enquiryId]);
  return (
    <section className="td-convert-panel" aria-labelledby="otc-enquiry-sent-title" data-testid="otc-enquiry-sent" data-result-by={sent.resultBy}>
      <h2 id="otc-enquiry-sent-title" ref={heading} tabIndex={-1}>
        {t('enquiry.sentTitle')}
      </h2>
      <p className="td-form-message td-form-message-success" role="status">
        {t('enquiry.sentText', { local: formatDateTime(sent.resultBy, { zone: true }), utc: utcText(sent.resultBy) })}
      </p>
      <dl className="td-wallet-facts">
        <dt>{t('enquiry.reference')}</dt>
        <dd data-testid="otc-enquiry-id">{sent.enquiryId}</dd>
      </dl>
      <button type="button" className="td-button td-button-secondary td-convert-submit" onClick={onAnother}>
        {t('enquiry.another')}
      </button>
    </section>
  );
}
