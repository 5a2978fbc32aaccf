import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { depositPath } from '../../app/paths.ts';
import { TextField } from '../../components/form/index.ts';
import { AssetSelect, type AssetOption } from '../wallet/shared.ts';
import { chooseFrom, chooseTo, fromChoices, isDisabledPair, maxAmount, toChoices, typeAmount, type PairKind, type Side } from './convert-form.ts';
import { amountText } from './format.ts';
import type { QuoteData, QuoteFlow } from './use-quote-flow.ts';

// i18n namespaces: convert, otc

/**
 * One side of a quote form: the asset and its amount. The paid side says what is available (signed in), with
 * "max", and the per-order range (listRiskConfig, convert); the received side greys out the pairs operations
 * switched off.
 */
export function AmountSide({ side, kind, flow, data, signedIn }: { side: Side; kind: PairKind; flow: QuoteFlow; data: QuoteData; signedIn: boolean }) {
  const { ns, draft } = flow;
  const { t } = useTranslation(ns);
  const { lang = '' } = useParams();
  const asset = side === 'from' ? draft.from : draft.to;
  const options: AssetOption[] =
    side === 'from'
      ? fromChoices(kind, data.names).map((a) => ({ asset: a }))
      : toChoices(kind, draft.from, data.names).map((a) =>
          isDisabledPair(data.disabledPairs, draft.from, a) ? { asset: a, disabled: true, label: t('form.pairOffOption', { asset: a }) } : { asset: a },
        );
  const field = side === 'from' ? 'fromAmount' : 'toAmount';
  const range = side === 'from' ? data.rules.range[asset] : undefined;
  const available = side === 'from' && signedIn ? (data.balances?.get(asset) ?? null) : null;
  return (
    <fieldset className="td-convert-side" data-testid={`side-${side}`}>
      <legend>{t(`form.${side}`)}</legend>
      <div className="td-convert-side-row">
        <AssetSelect
          id={`${ns}-${side}-asset`}
          label={t('form.asset')}
          testId={`input-${side}Asset`}
          value={asset}
          options={options}
          onChange={(value) => flow.edit(side === 'from' ? chooseFrom(draft, value, kind, data.names) : chooseTo(draft, value))}
        />
        <TextField
          name={field}
          label={t(side === 'from' ? 'form.payAmount' : 'form.receiveAmount')}
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={flow.shown[side]}
          onValue={(value) => flow.edit(typeAmount(draft, side, value))}
          error={flow.fieldError[field]}
          hint={range ? t('form.range', { min: amountText(range.min), max: amountText(range.max), asset }) : undefined}
        />
      </div>
      {available ? (
        <p className="td-convert-available">
          <span data-testid={`${ns}-available`}>{t('form.available', { value: amountText(available.toFixed()), asset })}</span>
          <button
            type="button"
            className="td-link-button"
            data-testid={`${ns}-max`}
            aria-label={t('form.maxLabel', { asset })}
            onClick={() => flow.edit(typeAmount(draft, 'from', maxAmount(available, range?.max, data.rules.decimals[asset])))}
          >
            {t('form.max')}
          </button>
        </p>
      ) : null}
      {side === 'from' && flow.deposit ? (
        // spec §8 "Insufficient Balance (offers Go to Deposit)": only a desk that names its deposit pages sets it (convert).
        <p className="td-convert-deposit">
          <Link to={depositPath(lang, flow.deposit.asset, flow.deposit.kind)} data-testid={`${ns}-deposit`}>
            {t(flow.deposit.kind === 'fiat' ? 'convert:errors.goDepositFiat' : 'convert:errors.goDepositCoin', { asset: flow.deposit.asset })}
          </Link>
        </p>
      ) : null}
    </fieldset>
  );
}
