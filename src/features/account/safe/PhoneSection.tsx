import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { bindPhone, sendEmailCode, sendSmsCode, updatePhone } from '../api.ts';
import { describeError } from '../errors.ts';
import { checkPhone } from '../forms.ts';
import { checkCode, type FieldErrors, type FieldIssue, CodeField, FormMessage, TextField, useSubmit, useFieldErrors } from '../../../components/form/index.ts';
import { StepUpFields, useStepUp, type StepUpFactor } from '../../../components/step-up/index.ts';
import type { AccountUserInfo } from '../types.ts';

type Field = 'password' | 'areaCode' | 'phone' | 'newSmsCode' | 'oldSmsCode' | 'emailCode' | 'gaCode';
/** The change's own fields; the password, e-mail code and Google code are the step-up's. */
type PhoneField = 'areaCode' | 'phone' | 'newSmsCode' | 'oldSmsCode';

// server/README.md "Step-up": bindPhone and updatePhone take the password, their e-mail code and the Google code
// while bound; the SMS codes to the numbers are the change's own.
const STEP_UP: readonly StepUpFactor[] = ['password', 'emailCode'];
const STEP_UP_BOUND: readonly StepUpFactor[] = ['password', 'emailCode', 'gaCode'];

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
  const stepUp = useStepUp({ factors: info.gaBound ? STEP_UP_BOUND : STEP_UP });
  const [values, setValues] = useState<Record<PhoneField, string>>({ areaCode: '+852', phone: '', newSmsCode: '', oldSmsCode: '' });
  const [uuids, setUuids] = useState<{ newSms: string | null; oldSms: string | null }>({ newSms: null, oldSms: null });
  const { errors, setErrors, place } = useFieldErrors<Field>('phone', FIELDS);
  const [message, setMessage] = useState<string | null>(null);
  const { submitting, run } = useSubmit();
  const set = (field: PhoneField) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const username = info.email ?? '';

  const validate = (): FieldErrors<Field> => {
    const found: Partial<Record<Field, FieldIssue | string | undefined>> = {
      ...checkPhone(values.areaCode, values.phone),
      newSmsCode: checkCode(values.newSmsCode, uuids.newSms),
      ...stepUp.check(),
    };
    if (updating) found.oldSmsCode = checkCode(values.oldSmsCode, uuids.oldSms);
    return Object.fromEntries(Object.entries(found).filter(([, v]) => v)) as FieldErrors<Field>;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found = validate();
    setErrors(found);
    const factors = stepUp.body();
    if (Object.keys(found).length > 0 || !factors) return;
    const outcome = await run(async () => {
      try {
        const phone = { areaCode: values.areaCode.trim(), phone: values.phone.trim() };
        const stepUpFields = { password: stepUp.values.password, emailUuid: factors.emailUuid, emailCode: factors.emailCode, gaCode: factors.gaCode ?? '' };
        if (updating) {
          await updatePhone({
            ...phone,
            ...stepUpFields,
            oldSmsUuid: uuids.oldSms ?? '',
            oldSmsCode: values.oldSmsCode.trim(),
            newSmsUuid: uuids.newSms ?? '',
            newSmsCode: values.newSmsCode.trim(),
          });
        } else {
          await bindPhone({
            ...phone,
            smsUuid: uuids.newSms ?? '',
            smsCode: values.newSmsCode.trim(),
            ...stepUpFields,
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
      <StepUpFields
        stepUp={stepUp}
        errors={errors}
        intro={t('safe.stepUp')}
        labels={{ password: t('fields.password'), emailCode: t('fields.emailCode'), gaCode: t('fields.gaCode') }}
        sendEmailCode={() => sendEmailCode(updating ? 'updatePhone' : 'bindPhone')}
        describeFailure={(failure) => describeError(t, failure).message}
        gaMaxLength={6}
      />
      <FormMessage text={message} />
      <button type="submit" className="td-button td-button-primary" disabled={submitting} data-testid="phone-submit">
        {submitting ? t('common.processing') : updating ? t('safe.phone.update') : t('safe.phone.bind')}
      </button>
    </form>
  );
}
