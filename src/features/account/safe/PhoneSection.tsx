import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { bindPhone, sendEmailCode, sendSmsCode, updatePhone } from '../api.ts';
import { describeError } from '../errors.ts';
import { checkPhone } from '../forms.ts';
import { checkCode, checkGaCode, checkStepUpPassword, type FieldErrors, type FieldIssue, CodeField, FormMessage, TextField, useSubmit, useFieldErrors } from '../../../components/form/index.ts';
import type { AccountUserInfo } from '../types.ts';

type Field = 'password' | 'areaCode' | 'phone' | 'newSmsCode' | 'oldSmsCode' | 'emailCode' | 'gaCode';

/** The fields a refusal may name (those of the form's values). */
const FIELDS: readonly Field[] = ['password', 'areaCode', 'phone', 'newSmsCode', 'oldSmsCode', 'emailCode', 'gaCode'];

/**
 * spec §7 bindPhoneInfo (no phone yet: the new number and its SMS code) and updatePhoneInfo (a bound
 * phone: codes to the old and the new number). Both take the step-up re-authentication: the account
 * password, an e-mail code and, when bound, a Google code.
 */
export function PhoneSection({ info, onSaved }: { info: AccountUserInfo; onSaved: () => void }) {
  const { t } = useTranslation('account');
  const updating = Boolean(info.phone);
  const [values, setValues] = useState<Record<Field, string>>({ password: '', areaCode: '+852', phone: '', newSmsCode: '', oldSmsCode: '', emailCode: '', gaCode: '' });
  const [uuids, setUuids] = useState<{ newSms: string | null; oldSms: string | null; email: string | null }>({ newSms: null, oldSms: null, email: null });
  const { errors, setErrors, place } = useFieldErrors<Field>('phone', FIELDS);
  const [message, setMessage] = useState<string | null>(null);
  const { submitting, run } = useSubmit();
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const username = info.email ?? '';

  const validate = (): FieldErrors<Field> => {
    const found: Partial<Record<Field, FieldIssue | undefined>> = {
      ...checkPhone(values.areaCode, values.phone),
      newSmsCode: checkCode(values.newSmsCode, uuids.newSms),
      password: checkStepUpPassword(values.password),
      emailCode: checkCode(values.emailCode, uuids.email),
      gaCode: checkGaCode(values.gaCode, Boolean(info.gaBound)),
    };
    if (updating) found.oldSmsCode = checkCode(values.oldSmsCode, uuids.oldSms);
    return Object.fromEntries(Object.entries(found).filter(([, v]) => v)) as FieldErrors<Field>;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const outcome = await run(async () => {
      try {
        const phone = { areaCode: values.areaCode.trim(), phone: values.phone.trim() };
        if (updating) {
          await updatePhone({
            ...phone,
            password: values.password,
            oldSmsUuid: uuids.oldSms ?? '',
            oldSmsCode: values.oldSmsCode.trim(),
            newSmsUuid: uuids.newSms ?? '',
            newSmsCode: values.newSmsCode.trim(),
            emailUuid: uuids.email ?? '',
            emailCode: values.emailCode.trim(),
            gaCode: values.gaCode.trim(),
          });
        } else {
          await bindPhone({
            ...phone,
            smsUuid: uuids.newSms ?? '',
            smsCode: values.newSmsCode.trim(),
            password: values.password,
            emailUuid: uuids.email ?? '',
            emailCode: values.emailCode.trim(),
            gaCode: values.gaCode.trim(),
          });
        }
        onSaved();
      } catch (error) {
        const described = describeError(t, error, { smsCode: 'newSmsCode', smsUuid: 'newSmsCode', emailUuid: 'emailCode' });
        if (!place(described.field, described.message)) setMessage(described.message);
      }
    });
    if (outcome === 'busy') setMessage(t('errors.clickOnce'));
  };

  const phoneProblem = () => {
    const p = checkPhone(values.areaCode, values.phone);
    return p.areaCode ?? p.phone ?? null;
  };

  return (
    <form className="td-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="phone-form">
      {updating ? (
        <CodeField describeFailure={(failure) => describeError(t, failure).message}
          name="oldSmsCode"
          label={t('safe.phone.oldCode', { phone: `${info.areaCode ?? ''} ${info.phone ?? ''}` })}
          value={values.oldSmsCode}
          onValue={set('oldSmsCode')}
          error={errors.oldSmsCode}
          request={() => sendSmsCode({ areaCode: info.areaCode ?? '', phone: info.phone ?? '', username, businessType: 'updatePhoneOld' })}
          onUuid={(uuid) => setUuids((u) => ({ ...u, oldSms: uuid }))}
        />
      ) : null}
      <div className="td-form-row">
        <TextField name="areaCode" label={t('fields.areaCode')} inputMode="tel" value={values.areaCode} onValue={set('areaCode')} error={errors.areaCode} />
        <TextField name="phone" label={updating ? t('fields.newPhone') : t('fields.phone')} inputMode="numeric" value={values.phone} onValue={set('phone')} error={errors.phone} />
      </div>
      <CodeField describeFailure={(failure) => describeError(t, failure).message}
        name="newSmsCode"
        label={t('fields.smsCode')}
        value={values.newSmsCode}
        onValue={set('newSmsCode')}
        error={errors.newSmsCode}
        precheck={phoneProblem}
        request={() => sendSmsCode({ areaCode: values.areaCode.trim(), phone: values.phone.trim(), username, businessType: updating ? 'updatePhoneNew' : 'bindPhone' })}
        onUuid={(uuid) => setUuids((u) => ({ ...u, newSms: uuid }))}
      />
      <p className="td-field-hint">{t('safe.stepUp')}</p>
      <TextField name="password" label={t('fields.password')} type="password" autoComplete="current-password" value={values.password} onValue={set('password')} error={errors.password} />
      <CodeField describeFailure={(failure) => describeError(t, failure).message}
        name="emailCode"
        label={t('fields.emailCode')}
        value={values.emailCode}
        onValue={set('emailCode')}
        error={errors.emailCode}
        request={() => sendEmailCode(updating ? 'updatePhone' : 'bindPhone')}
        onUuid={(uuid) => setUuids((u) => ({ ...u, email: uuid }))}
      />
      {info.gaBound ? (
        <TextField name="gaCode" label={t('fields.gaCode')} inputMode="numeric" maxLength={6} value={values.gaCode} onValue={set('gaCode')} error={errors.gaCode} />
      ) : null}
      <FormMessage text={message} />
      <button type="submit" className="td-button td-button-primary" disabled={submitting} data-testid="phone-submit">
        {submitting ? t('common.processing') : updating ? t('safe.phone.update') : t('safe.phone.bind')}
      </button>
    </form>
  );
}
