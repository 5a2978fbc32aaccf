import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { newRequestId } from '../../../lib/api/index.ts';
import { formatAssetAmount } from '../../../lib/format/index.ts';
import { AmountField, fieldBinder, FormMessage, SubmitButton, TextField, useFieldErrors, useSubmit, type FieldErrors } from '../../../components/form/index.ts';
import { BrokerOnly } from '../config/BrokerOnly.tsx';
import { useLoad } from '../../../lib/use-load.ts';
import { LoadError } from '../parts.tsx';
import { capitalApi, projectApi } from './api.ts';
import { describeProjectError } from './errors.ts';
import { InvestorPicker, ProjectPicker } from './Pickers.tsx';
import { checkIncreaseAmount, checkNewInvestor, dropError, formatNav, formatUnits, unitsPreview } from './rules.ts';
import './locale.ts';
import '../pages.css';
import './projects.css';

type Mode = 'existing' | 'new';
type IncreaseField = 'projectNo' | 'investorId' | 'investorName' | 'investorEmail' | 'amount';
const FIELDS: readonly IncreaseField[] = ['projectNo', 'investorId', 'investorName', 'investorEmail', 'amount'];
const usdt = (value: string) => `${formatAssetAmount(value, 'USDT')} USDT`;

/**
 * investment (spec §2 broker manager; spec §7 financing/increaseCapital): an investor — one of the organisation's or
 * a new one by name and e-mail — brings money from outside into a project that is not completed, at least its
 * minimum subscription, and buys units at the current NAV per unit; the units the amount buys are shown before it is
 * submitted (contract/broker-nav.ts, the sandbox's own arithmetic). One request id per capital increase.
 */
export default function InvestmentPage() {
  return (
    <BrokerOnly>
      <Investment />
    </BrokerOnly>
  );
}

function Investment() {
  const { t } = useTranslation('broker-project');
  const [params] = useSearchParams();
  const [projectNo, setProjectNo] = useState(params.get('projectNo') ?? '');
  const [mode, setMode] = useState<Mode>('existing');
  const [form, setForm] = useState({ investorId: '', investorName: '', investorEmail: '', amount: '' });
  const { errors, setErrors, place } = useFieldErrors<IncreaseField>('increase', FIELDS);
  const [notice, setNotice] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const { submitting, run } = useSubmit();
  const info = useLoad(async () => (projectNo ? projectApi.info(projectNo) : null), [projectNo]);
  const investors = useLoad(() => capitalApi.investors(), []);
  const project = info.data?.project;
  const units = unitsPreview(form.amount, project?.nav);

  const set = (field: keyof typeof form & IncreaseField) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => dropError(e, field));
  };

  const check = (): FieldErrors<IncreaseField> => {
    const found: FieldErrors<IncreaseField> = mode === 'new' ? checkNewInvestor(form.investorName, form.investorEmail) : {};
    if (!projectNo) found.projectNo = { key: 'broker-project:errors.projectRequired' };
    if (mode === 'existing' && !form.investorId) found.investorId = { key: 'broker-project:errors.investorRequired' };
    const amount = checkIncreaseAmount(form.amount, project?.minSubscription);
    if (amount) found.amount = amount;
    return found;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const outcome = await run(async () => {
      try {
        const flow = await capitalApi.increase({
          projectNo,
          ...(mode === 'existing' ? { investorId: form.investorId } : { investor: { name: form.investorName.trim(), email: form.investorEmail.trim() } }),
          amount: form.amount.trim(),
          requestId,
        });
        setRequestId(newRequestId());
        setForm({ investorId: '', investorName: '', investorEmail: '', amount: '' });
        info.reload();
        investors.reload();
        setNotice({ text: t('investment.done', { investor: flow.investorName, amount: usdt(flow.amount), units: formatUnits(flow.units), nav: formatNav(flow.nav) }), tone: 'success' });
      } catch (error) {
        const described = describeProjectError(t, error);
        if (!place(described.field, described.message)) setNotice({ text: described.message, tone: 'error' });
      }
    });
    if (outcome === 'busy') setNotice({ text: t('account:errors.clickOnce'), tone: 'error' });
  };

  const bind = fieldBinder<'investorName' | 'investorEmail' | 'amount'>(form, set, errors);
  return (
    <section className="td-broker-page td-broker-projects" data-testid="broker-investment">
      <div>
        <h1>{t('investment.title')}</h1>
        <p className="td-broker-hint">{t('investment.intro')}</p>
      </div>
      <FormMessage text={notice?.text ?? null} tone={notice?.tone ?? 'error'} />
      <form className="td-form td-broker-panel td-broker-project-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="increase-form-title" data-testid="increase-form">
        <h2 id="increase-form-title">{t('investment.formTitle')}</h2>
        <ProjectPicker value={projectNo} onChange={(v) => (setProjectNo(v), setErrors((e) => dropError(e, 'projectNo')))} error={errors.projectNo} allow={(p) => p.status !== 'completed'} />
        <LoadError error={info.error} />
        {project ? (
          <p className="td-broker-hint" data-testid="increase-project-facts">
            {t('investment.facts', { nav: formatNav(project.nav), min: usdt(project.minSubscription) })}
          </p>
        ) : null}
        <fieldset className="td-broker-project-modes">
          <legend>{t('investment.investorMode')}</legend>
          {(['existing', 'new'] as const).map((m) => (
            <label key={m}>
              <input type="radio" name="investorMode" value={m} checked={mode === m} onChange={() => (setMode(m), setErrors({}))} data-testid={`investor-mode-${m}`} />
              {t(m === 'existing' ? 'investment.existing' : 'investment.newInvestor')}
            </label>
          ))}
        </fieldset>
        {mode === 'existing' ? (
          <InvestorPicker investors={investors.data ?? []} value={form.investorId} onChange={set('investorId')} error={errors.investorId} />
        ) : (
          <>
            <TextField label={t('investment.investorName')} autoComplete="off" {...bind('investorName')} />
            <TextField label={t('investment.investorEmail')} type="email" autoComplete="off" {...bind('investorEmail')} />
          </>
        )}
        <AmountField label={t('investment.amount')} {...bind('amount')} />
        {project && units ? (
          <p className="td-broker-project-preview" role="status" data-testid="increase-preview" data-units={units} data-nav={project.nav}>
            {t('investment.previewText', { units: formatUnits(units), nav: formatNav(project.nav) })}
          </p>
        ) : null}
        <div className="td-broker-project-actions">
          <SubmitButton submitting={submitting} busyText={t('common.processing')} testId="increase-submit">
            {t('investment.submit')}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
