import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, hkDay, MAX_INTEREST_RATE, MAX_PERFORMANCE_FEE_RATE, PROJECT_DESCRIPTION_MAX, PROJECT_NAME_MAX, type ProjectStatus } from '../../../../contract/broker-projects-rules.ts';
import type { BrokerExchange } from '../../../../contract/broker-rules.ts';
import { newRequestId } from '../../../lib/api/index.ts';
import { AmountField, Field, fieldBinder, FormMessage, SelectField, SubmitButton, TextField, useFieldErrors, useSubmit } from '../../../components/form/index.ts';
import { useBrokerLookup } from '../lookup-store.ts';
import { projectApi } from './api.ts';
import { describeProjectError } from './errors.ts';
import { checkProjectTerms, dropError, fractionPercent, percentToFraction, type ProjectTermsField, type ProjectTermsForm } from './rules.ts';

const FIELDS: readonly ProjectTermsField[] = ['name', 'description', 'exchangeCode', 'startDay', 'endDay', 'interestRate', 'performanceFeeRate', 'minSubscription'];

const initialForm = (): ProjectTermsForm => {
  const today = hkDay(Date.now());
  return { name: '', description: '', exchangeCode: '', startDay: today, endDay: addDays(today, 365), interestRate: '', performanceFeeRate: '', minSubscription: '' };
};

/**
 * A new project (spec §7 applyRecord/add, type project): name, description, exchange, start and end days (UTC+8),
 * annual interest rate and performance fee rate (typed as percentages), minimum subscription. The sandbox decides at
 * once and opens the project's primary asset-management sub-account. One request id per form, so a resend never
 * makes two projects.
 */
export function NewProjectForm({ onDone, onClose }: { onDone: (project: { projectNo: string; status: ProjectStatus }) => void; onClose: () => void }) {
  const { t } = useTranslation('broker-project');
  const exchanges = useBrokerLookup((s) => s.exchangeList);
  const [form, setForm] = useState(initialForm);
  const { errors, setErrors, place } = useFieldErrors<ProjectTermsField>('project', FIELDS);
  const [failure, setFailure] = useState<string | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const { submitting, run } = useSubmit();

  const set = (field: ProjectTermsField) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => dropError(e, field));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = checkProjectTerms(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const outcome = await run(async () => {
      try {
        const record = await projectApi.apply({
          type: 'project',
          name: form.name.trim(),
          ...(form.description.trim() ? { description: form.description.trim() } : {}),
          exchangeCode: form.exchangeCode as BrokerExchange,
          startDay: form.startDay,
          endDay: form.endDay,
          interestRate: percentToFraction(form.interestRate, MAX_INTEREST_RATE)!,
          performanceFeeRate: percentToFraction(form.performanceFeeRate, MAX_PERFORMANCE_FEE_RATE)!,
          minSubscription: form.minSubscription.trim(),
          requestId,
        });
        setRequestId(newRequestId());
        setForm(initialForm());
        if (record.project) onDone({ projectNo: record.project.projectNo, status: record.project.status });
      } catch (error) {
        const described = describeProjectError(t, error);
        if (!place(described.field, described.message)) setFailure(described.message);
      }
    });
    if (outcome === 'busy') setFailure(t('account:errors.clickOnce'));
  };

  const bind = fieldBinder(form, set, errors);
  return (
    <form className="td-form td-broker-panel td-broker-project-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="project-form-title" data-testid="project-form">
      <h2 id="project-form-title">{t('form.title')}</h2>
      <p className="td-field-hint">{t('form.intro')}</p>
      <FormMessage text={failure} />
      <TextField label={t('form.name')} autoComplete="off" maxLength={PROJECT_NAME_MAX} {...bind('name')} />
      <Field name="description" label={t('form.description')} error={errors.description}>
        {(aria) => <textarea {...aria} rows={3} maxLength={PROJECT_DESCRIPTION_MAX} data-testid="input-description" value={form.description} onChange={(e) => set('description')(e.target.value)} />}
      </Field>
      <SelectField label={t('form.exchange')} {...bind('exchangeCode')} placeholder={t('common.choose')} options={exchanges} />
      <div className="td-broker-project-form__pair">
        <TextField type="date" label={t('form.startDay')} {...bind('startDay')} />
        <TextField type="date" label={t('form.endDay')} {...bind('endDay')} hint={t('common.zone')} />
      </div>
      <div className="td-broker-project-form__pair">
        <AmountField label={t('form.interestRate')} {...bind('interestRate')} hint={t('form.interestRateHint', { max: fractionPercent(MAX_INTEREST_RATE) })} />
        <AmountField label={t('form.performanceFeeRate')} {...bind('performanceFeeRate')} hint={t('form.performanceFeeRateHint', { max: fractionPercent(MAX_PERFORMANCE_FEE_RATE) })} />
      </div>
      <AmountField label={t('form.minSubscription')} {...bind('minSubscription')} />
      <div className="td-broker-project-actions">
        <SubmitButton submitting={submitting} busyText={t('common.processing')} testId="project-submit">
          {t('form.submit')}
        </SubmitButton>
        <button type="button" className="td-button" onClick={onClose} data-testid="project-form-close">
          {t('form.close')}
        </button>
      </div>
    </form>
  );
}
