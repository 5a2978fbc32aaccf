import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { Pair } from '../market/index.ts';
import { pickedPriceStore } from './picked-price.ts';

/**
 * The boundary for the trade form (spec §3 "Trade form"): it registers its component with `setTradeForm`
 * and reads the picked price from `pickedPriceStore`. Until then the slot shows the picked price alone.
 */
export interface TradeFormProps {
  pair: Pair;
}

let tradeForm: ComponentType<TradeFormProps> | null = null;

export function setTradeForm(component: ComponentType<TradeFormProps> | null): void {
  tradeForm = component;
}

export function TradeFormSlot({ pair }: TradeFormProps) {
  const { t } = useTranslation('trading');
  const picked = useStore(pickedPriceStore, (s) => s.picked);
  const Form = tradeForm;
  if (Form) return <Form pair={pair} />;
  const price = picked && picked.symbol === pair.symbol && picked.market === pair.market ? picked : null;
  return (
    <section className="td-panel td-form-slot" aria-label={t('form.title')} data-testid="trade-form-slot">
      <header className="td-panel-head">
        <h2>{t('form.title')}</h2>
      </header>
      <dl className="td-picked">
        <dt>{t('form.pickedPrice')}</dt>
        <dd data-testid="picked-price" data-side={price?.side ?? ''}>
          {price ? `${price.price} ${pair.quoteAsset}` : t('form.pickHint')}
        </dd>
      </dl>
    </section>
  );
}
