import { useTranslation } from 'react-i18next';
import type { ConvertKind } from '../../../contract/convert-rules.ts';
import { TextField } from '../account/shared.ts';
import { AssetSelect, type AssetOption } from '../wallet/shared.ts';
import { chooseFrom, chooseTo, fromChoices, isDisabledPair, maxAmount, toChoices, typeAmount, type Side } from './convert-form.ts';
import { amountText } from './format.ts';
import type { ConvertData } from './use-convert-data.ts';
import type { ConvertFlow } from './use-convert-flow.ts';

/**
 * One side of the form: the asset and its amount. The paid side says what is available (signed in), with
 * "max", and the per-order range (listRiskConfig); the received side greys out the pairs operations switched off.
 */
export function AmountSide({ side, tab, flow, data, signedIn }: { side: Side; tab: ConvertKind; flow: ConvertFlow; data: ConvertData; signedIn: boolean }) {
  const { t } = useTranslation('convert');
  const { draft } = flow;
  const asset = side === 'from' ? draft.from : draft.to;
  const options: AssetOption[] =
    side === 'from'
      ? fromChoices(tab, data.names).map((a) => ({ asset: a }))
      : toChoices(tab, draft.from, data.names).map((a) =>
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
          id={`convert-${side}-asset`}
          label={t('form.asset')}
          testId={`input-${side}Asset`}
          value={asset}
          options={options}
          onChange={(value) => flow.edit(side === 'from' ? chooseFrom(draft, value, tab, data.names) : chooseTo(draft, value))}
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
          <span data-testid="convert-available">{t('form.available', { value: amountText(available.toFixed()), asset })}</span>
          <button
            type="button"
            className="td-link-button"
            data-testid="convert-max"
            aria-label={t('form.maxLabel', { asset })}
            onClick={() => flow.edit(typeAmount(draft, 'from', maxAmount(available, range?.max, data.rules.decimals[asset])))}
          >
            {t('form.max')}
          </button>
        </p>
      ) : null}
    </fieldset>
  );
}
