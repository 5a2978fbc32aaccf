import './locale.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { charCount } from '../../../contract/rules.ts';
import { describeError, useAccountInfo } from '../account/index.ts';
import { Field, FormMessage, TextField, useFieldErrors, useSubmit } from '../../components/form/index.ts';
import { useSession } from '../../lib/session/index.ts';
import { marketingApi } from './api.ts';
import { checkCooperation, COOPERATION_FIELDS, cooperationBody, MESSAGE_MAX, type CooperationDraft, type CooperationField } from './cooperation-form.ts';

/**
 * The broker cooperation application (spec §2 brokers, §7 `/broker/business/cooperation/add`). The call needs a
 * signed-in user, so a visitor signs in first and comes back here; signed in, the form starts from the account's
 * own company and contact details.
 */
export function CooperationApplication() {
  const { t } = useTranslation('marketing');
  const { lang } = useParams();
  const signedIn = useSession((s) => s.isLogin);
  const back = `/${lang}/brokers`;
  return (
    <section className="td-mk-panel td-mk-apply" id="apply" aria-labelledby="brokers-apply" data-testid="brokers-apply">
      <h2 id="brokers-apply">{t('brokers.form.title')}</h2>
      {signedIn ? (
        <CooperationForm />
      ) : (
        <div className="td-notice" data-testid="brokers-signin">
          <p>{t('brokers.form.signInText')}</p>
          <div className="td-mk-actions">
            <Link className="td-button td-button-primary" to={`/${lang}/login?redirect=${encodeURIComponent(back)}`} data-testid="brokers-signin-link">
              {t('cta.signIn')}
            </Link>
            <Link className="td-button td-button-secondary" to={`/${lang}/register`}>
              {t('cta.register')}
            </Link>
          </div>
        </div>
      )}
    </section>
  );
}

function CooperationForm() {
  const { t } = useTranslation('marketing');
  const info = useAccountInfo();
  const [values, setValues] = useState<CooperationDraft>(() => ({
    companyName: info?.companyName ?? '',
    contactName: [info?.firstName, info?.lastName].filter(Boolean).join(' '),
    email: info?.email ?? '',
    areaCode: info?.areaCode ?? '',
    phone: info?.phone ?? '',
    message: '',
  }));
  const { errors, setErrors, clear, place } = useFieldErrors<CooperationField>('brokers', COOPERATION_FIELDS);
  const [message, setMessage] = useState<string | null>(null);
  const [sent, setSent] = useState<{ id: number | null; email: string } | null>(null);
  const { submitting, run } = useSubmit();
  const set = (field: CooperationField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    clear(field);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found = checkCooperation(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.querySelector<HTMLElement>(`[data-field="${Object.keys(found)[0]}"] input, [data-field="${Object.keys(found)[0]}"] textarea`)?.focus();
      return;
    }
    const body = cooperationBody(values);
    const outcome = await run(async () => {
      try {
        const reply = await marketingApi.cooperation(body);
        setSent({ id: reply.id, email: body.email });
      } catch (error) {
        const described = describeError(t, error);
        if (!place(described.field, described.message)) setMessage(described.message);
      }
    });
    if (outcome === 'busy') setMessage(t('brokers.form.clickOnce'));
  };

  if (sent) {
    return (
      <div className="td-form-message td-form-message-success" role="status" data-testid="brokers-sent" data-id={sent.id ?? ''}>
        <p>{t('brokers.form.sentTitle')}</p>
        <p>{sent.id !== null ? t('brokers.form.sentReference', { id: sent.id, email: sent.email }) : t('brokers.form.sentText', { email: sent.email })}</p>
      </div>
    );
  }

  return (
    <form className="td-form td-mk-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="brokers-form">
      <p className="td-field-hint">{t('brokers.form.intro')}</p>
      <div className="td-form-row">
        <TextField name="companyName" label={t('brokers.form.companyName')} autoComplete="organization" maxLength={100} value={values.companyName} onValue={set('companyName')} error={errors.companyName} />
        <TextField name="contactName" label={t('brokers.form.contactName')} autoComplete="name" maxLength={100} value={values.contactName} onValue={set('contactName')} error={errors.contactName} />
      </div>
      <TextField name="email" type="email" label={t('brokers.form.email')} autoComplete="email" value={values.email} onValue={set('email')} error={errors.email} />
      <div className="td-form-row td-mk-phone">
        <TextField name="areaCode" label={t('brokers.form.areaCode')} autoComplete="tel-country-code" inputMode="tel" maxLength={5} value={values.areaCode} onValue={set('areaCode')} error={errors.areaCode} />
        <TextField name="phone" label={t('brokers.form.phone')} autoComplete="tel-national" inputMode="numeric" maxLength={15} value={values.phone} onValue={set('phone')} error={errors.phone} />
      </div>
      <Field name="message" label={t('brokers.form.message')} error={errors.message} hint={t('brokers.form.messageCount', { count: charCount(values.message), max: MESSAGE_MAX })}>
        {(aria) => <textarea {...aria} name="message" rows={5} value={values.message} onChange={(e) => set('message')(e.target.value)} data-testid="input-message" />}
      </Field>
      <FormMessage text={message} />
      <button type="submit" className="td-button td-button-primary" disabled={submitting} data-testid="brokers-submit">
        {submitting ? t('brokers.form.sending') : t('brokers.form.submit')}
      </button>
    </form>
  );
}
