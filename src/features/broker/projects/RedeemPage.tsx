import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { REDEEM_CODE_TYPE } from '../../../../contract/broker-projects-rules.ts';
import { newRequestId } from '../../../lib/api/index.ts';
import { formatAssetAmount } from '../../../lib/format/index.ts';
import { useAccountInfo } from '../../account/index.ts';
import { FormMessage, TextField, useFieldErrors, useSubmit, type FieldErrors } from '../../../components/form/index.ts';
import { useStepUp } from '../../../components/step-up/index.ts';
import { BrokerOnly } from '../config/BrokerOnly.tsx';
import { useLoad } from '../../../lib/use-load.ts';
import { moneyFactors, SecondFactorFields, type FactorField } from '../money/shared.tsx';
import { capitalApi, projectApi, type DecreasePreview } from './api.ts';
import { describeProjectError } from './errors.ts';
import { InvestorPicker, ProjectPicker } from './Pickers.tsx';
import { checkRedeem, dropError, formatNav, formatUnits, type RedeemBy } from './rules.ts';
import '../money/locale.ts';
import './locale.ts';
import '../pages.css';
import './projects.css';

type RedeemField = 'projectNo' | 'investorId' | 'quantity' | FactorField;
const FIELDS: readonly RedeemField[] = ['projectNo', 'investorId', 'quantity', 'emailCode', 'gaCode'];
/** The server names the units or the amount; the form has one field for either. */
const fieldOf = (field: string | null) => (field === 'units' || field === 'amount' ? 'quantity' : field);
const usdt = (value: string) => `${formatAssetAmount(value, 'USDT')} USDT`;

/**
 * redeem (spec §2 broker manager; spec §7 financing/preDecreaseCapital, decreaseCapital): an investor's units of a project redeemed — by units or
 * by an amount — at the NAV per unit of the last zero-hour record. The preview (financing/preDecreaseCapital) shows
 * the units, the NAV and its day, the amount paid, the principal reduced and what is left before anything moves;
 * then the second factor (the e-mail code of business type brokerRedeem, the Google code when bound) and the
 * decrease itself (financing/decreaseCapital), for exactly what was previewed. One request id per decrease.
 */
export default function RedeemPage() {
  return (
    <BrokerOnly>
      <Redeem />
    </BrokerOnly>
  );
}

function Redeem() {
  const { t } = useTranslation('broker-project');
  const [params] = useSearchParams();
  const gaBound = Boolean(useAccountInfo()?.gaBound);
  const [projectNo, setProjectNo] = useState(params.get('projectNo') ?? '');
  const [investorId, setInvestorId] = useState(params.get('investorId') ?? '');
  const [by, setBy] = useState<RedeemBy>('units');
  const [quantity, setQuantity] = useState('');
  const [preview, setPreview] = useState<{ key: string; data: DecreasePreview } | null>(null);
  const stepUp = useStepUp({ factors: moneyFactors(gaBound) });
  const { errors, setErrors, place } = useFieldErrors<RedeemField>('redeem', FIELDS);
  const [notice, setNotice] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const { submitting, run } = useSubmit();
  const investors = useLoad(async () => (projectNo ? capitalApi.investors(projectNo) : []), [projectNo]);
  const capital = useLoad(async () => (projectNo ? projectApi.capital(projectNo) : null), [projectNo]);
  const holding = capital.data?.list.find((h) => h.investorId === investorId);
  const key = `${projectNo}|${investorId}|${by}|${quantity.trim()}`;
  const current = preview?.key === key ? preview.data : null;

  const fail = (error: unknown) => {
    const described = describeProjectError(t, error);
    stepUp.learn(error);
    if (!place(fieldOf(described.field), described.message)) setNotice({ text: described.message, tone: 'error' });
  };
  const ask = () => ({ projectNo, investorId, ...(by === 'units' ? { units: quantity.trim() } : { amount: quantity.trim() }) });

  const onPreview = async () => {
    setNotice(null);
    const found: FieldErrors<RedeemField> = {};
    if (!projectNo) found.projectNo = { key: 'broker-project:errors.projectRequired' };
    if (!investorId) found.investorId = { key: 'broker-project:errors.investorRequired' };
    const problem = checkRedeem(by, quantity, holding?.units);
    if (problem) found.quantity = problem;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await run(async () => {
      try {
        setPreview({ key, data: await capitalApi.preview(ask()) });
      } catch (error) {
        setPreview(null);
        fail(error);
      }
    });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (!current) return void onPreview();
    const found = stepUp.check();
    setErrors(found);
    const factors = stepUp.body();
    if (Object.keys(found).length > 0 || !factors) return;
    const outcome = await run(async () => {
      try {
        const flow = await capitalApi.decrease({ ...ask(), requestId, ...factors });
        setRequestId(newRequestId());
        setQuantity('');
        setPreview(null);
        stepUp.reset();
        capital.reload();
        setNotice({ text: t('redeem.done', { investor: flow.investorName, amount: usdt(flow.amount), units: formatUnits(flow.units) }), tone: 'success' });
      } catch (error) {
        fail(error);
      }
    });
    if (outcome === 'busy') setNotice({ text: t('account:errors.clickOnce'), tone: 'error' });
  };

  return (
    <section className="td-broker-page td-broker-projects" data-testid="broker-redeem">
      <div>
        <h1>{t('redeem.title')}</h1>
        <p className="td-broker-hint">{t('redeem.intro')}</p>
      </div>
      <FormMessage text={notice?.text ?? null} tone={notice?.tone ?? 'error'} />
      <form className="td-form td-broker-panel td-broker-project-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="redeem-form-title" data-testid="redeem-form">
        <h2 id="redeem-form-title">{t('redeem.formTitle')}</h2>
        <ProjectPicker value={projectNo} onChange={(v) => (setProjectNo(v), setInvestorId(''), setErrors({}))} error={errors.projectNo} />
        <InvestorPicker investors={investors.data ?? []} value={investorId} onChange={(v) => (setInvestorId(v), setErrors({}))} error={errors.investorId} />
        {holding ? (
          <p className="td-broker-hint" data-testid="redeem-holding">
            {t('redeem.holding', { units: formatUnits(holding.units), principal: usdt(holding.principal) })}
          </p>
        ) : null}
        <fieldset className="td-broker-project-modes">
          <legend>{t('redeem.by')}</legend>
          {(['units', 'amount'] as const).map((b) => (
            <label key={b}>
              <input type="radio" name="redeemBy" value={b} checked={by === b} onChange={() => (setBy(b), setErrors({}))} data-testid={`redeem-by-${b}`} />
              {t(b === 'units' ? 'redeem.byUnits' : 'redeem.byAmount')}
            </label>
          ))}
        </fieldset>
        <TextField name="quantity" label={t(by === 'units' ? 'redeem.units' : 'redeem.amount')} inputMode="decimal" autoComplete="off" value={quantity} onValue={(v) => (setQuantity(v), setErrors((e) => dropError(e, 'quantity')))} error={errors.quantity} />
        <div className="td-broker-project-actions">
          <button type="button" className="td-button" disabled={submitting} onClick={() => void onPreview()} data-testid="redeem-preview">
            {t('redeem.previewButton')}
          </button>
        </div>
        {preview && !current ? (
          <p className="td-broker-hint" role="status" data-testid="redeem-stale">
            {t('redeem.stale')}
          </p>
        ) : null}
        {current ? <PreviewFacts preview={current} /> : null}
        {current ? <SecondFactorFields businessType={REDEEM_CODE_TYPE} stepUp={stepUp} errors={errors} /> : null}
        {current ? (
          <div className="td-broker-project-actions">
            <button type="submit" className="td-button td-button-primary" disabled={submitting} data-testid="redeem-submit">
              {submitting ? t('common.processing') : t('redeem.submit')}
            </button>
          </div>
        ) : null}
      </form>
    </section>
  );
}

function PreviewFacts({ preview }: { preview: DecreasePreview }) {
  const { t } = useTranslation('broker-project');
  return (
    <section className="td-broker-project-preview" aria-labelledby="redeem-preview-title" data-testid="redeem-preview-facts">
      <h3 id="redeem-preview-title">{t('redeem.previewTitle')}</h3>
      <dl className="td-broker-facts">
        <dt>{t('redeem.previewUnits')}</dt>
        <dd data-testid="preview-units">{formatUnits(preview.units)}</dd>
        <dt>{t('redeem.previewNav')}</dt>
        <dd data-testid="preview-nav">{formatNav(preview.nav)}</dd>
        <dt>{t('redeem.previewNavDay')}</dt>
        <dd data-testid="preview-nav-day">{preview.navDay ?? '-'}</dd>
        <dt>{t('redeem.previewAmount')}</dt>
        <dd data-testid="preview-amount">{usdt(preview.amount)}</dd>
        <dt>{t('redeem.previewPrincipal')}</dt>
        <dd data-testid="preview-principal">{usdt(preview.principalReduced)}</dd>
        <dt>{t('redeem.previewUnitsLeft')}</dt>
        <dd data-testid="preview-units-left">{formatUnits(preview.unitsLeft)}</dd>
        <dt>{t('redeem.previewAvailable')}</dt>
        <dd data-testid="preview-available">{usdt(preview.available)}</dd>
      </dl>
    </section>
  );
}
