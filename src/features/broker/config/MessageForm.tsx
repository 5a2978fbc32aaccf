import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_EVENTS, MESSAGE_REMARK_MAX, type MessageEvent } from '../../../../contract/broker-config-rules.ts';
import { AddressForm, useStepUpForm } from '../../../components/address-book/index.ts';
import { TextField } from '../../../components/form/index.ts';
import { describeConfigError } from './errors.ts';
import { checkMessageForm } from './forms.ts';
import { FormButtons } from './FormButtons.tsx';

export interface MessageValues {
  email: string;
  events: MessageEvent[];
  remark: string;
}
type MessageField = 'email' | 'events' | 'remark';
const FIELDS: readonly MessageField[] = ['email', 'events', 'remark'];

/**
 * A notification e-mail's form: the address (adding only; a different address is a new entry, confirmed again),
 * what it is notified of (at least one) and a remark. `save` makes the call; a refusal shows beside its field.
 */
export function MessageForm({
  initial,
  title,
  submitText,
  save,
  onCancel,
  testId,
}: {
  /** null: adding (the e-mail is asked for); otherwise editing that entry's events and remark. */
  initial: MessageValues | null;
  title: string;
  submitText: string;
  save: (values: MessageValues) => Promise<void>;
  onCancel: () => void;
  testId: string;
}) {
  const { t } = useTranslation('broker-config');
  const eventsId = useId();
  const [form, setForm] = useState<MessageValues>(initial ?? { email: '', events: ['application', 'decision'], remark: '' });
  const submit = useStepUpForm<MessageField>({ scope: 'message', fields: FIELDS, describe: (error) => describeConfigError(t, error), clickOnce: t('account:errors.clickOnce') });
  const { errors, clear } = submit;
  const adding = initial === null;

  const toggle = (event: MessageEvent, on: boolean) => {
    setForm((f) => ({ ...f, events: on ? MESSAGE_EVENTS.filter((e) => e === event || f.events.includes(e)) : f.events.filter((e) => e !== event) }));
    clear('events');
  };

  const eventsIssue = errors.events;
  const eventsError = eventsIssue === undefined ? undefined : typeof eventsIssue === 'string' ? eventsIssue : t(eventsIssue.key, eventsIssue.params ?? {});
  return (
    <AddressForm
      className="td-form td-broker-config-form"
      testId={testId}
      title={{ id: `${testId}-title`, text: title }}
      onSubmit={(e) => submit.submit(e, () => checkMessageForm(form, adding), () => save({ email: form.email.trim(), events: form.events, remark: form.remark.trim() }))}
      message={submit.message}
      buttons={<FormButtons submitting={submit.submitting} submitText={submitText} onCancel={onCancel} testId={`${testId}-submit`} />}
    >
      {adding ? (
        <TextField name="email" label={t('message.form.email')} type="email" autoComplete="off" value={form.email} onValue={(v) => { setForm((f) => ({ ...f, email: v })); clear('email'); }} error={errors.email} />
      ) : null}
      <fieldset className="td-broker-config-events" aria-describedby={eventsError ? `${eventsId}-error` : undefined} data-field="events">
        <legend>{t('message.form.events')}</legend>
        {MESSAGE_EVENTS.map((e) => (
          <label key={e} className="td-check">
            <input type="checkbox" checked={form.events.includes(e)} onChange={(x) => toggle(e, x.target.checked)} data-testid={`input-event-${e}`} />
            {t(`message.events.${e}`)}
          </label>
        ))}
        {eventsError ? (
          <div className="td-field-error" id={`${eventsId}-error`} role="alert" data-testid="error-events">
            {eventsError}
          </div>
        ) : null}
      </fieldset>
      <TextField
        name="remark"
        label={t('message.form.remark')}
        autoComplete="off"
        value={form.remark}
        onValue={(v) => { setForm((f) => ({ ...f, remark: v })); clear('remark'); }}
        error={errors.remark}
        hint={t('message.form.remarkHint', { max: MESSAGE_REMARK_MAX })}
      />
    </AddressForm>
  );
}
