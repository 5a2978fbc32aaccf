import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { Pair } from '../../market/index.ts';
import { pickedPriceStore } from '../picked-price.ts';

/** The last price picked from the book for this pair (spec §3 "Trade form" price), beside the form. */
export function PickedPriceNote({ pair }: { pair: Pair }) {
  const { t } = useTranslation('trading');
  const picked = useStore(pickedPriceStore, (s) => s.picked);
  if (!picked || picked.symbol !== pair.symbol || picked.market !== pair.market) return null;
  return (
    <p className="td-of-picked" data-testid="picked-price" data-side={picked.side}>
      {t('form.pickedPrice')} {picked.price} {pair.quoteAsset}
    </p>
  );
}
