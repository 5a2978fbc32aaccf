import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nextSortOrder, type SortOrder } from './sort-order.ts';
import './SortControl.css';

export interface SortControlProps {
  /** Controlled order; leave undefined to let the control keep its own. */
  value?: SortOrder;
  defaultValue?: SortOrder;
  /** Receives the new order after each click (spec §4). */
  onChange?: (order: SortOrder) => void;
  /** Column name, for the accessible label. */
  column?: string;
  className?: string;
}

/** spec §4: a sort control cycling none → descending → ascending → none and emitting the new value. */
export function SortControl({ value, defaultValue = 'none', onChange, column, className }: SortControlProps) {
  const { t } = useTranslation('components');
  const [own, setOwn] = useState<SortOrder>(defaultValue);
  const order = value ?? own;
  const state = t(`sort.states.${order}`);
  const label = column !== undefined ? t('sort.label', { column, state }) : t('sort.labelNoColumn', { state });

  return (
    <button
      type="button"
      className={['td-sort', `td-sort--${order}`, className].filter(Boolean).join(' ')}
      data-order={order}
      aria-label={label}
      title={label}
      onClick={() => {
        const next = nextSortOrder(order);
        if (value === undefined) setOwn(next);
        onChange?.(next);
      }}
    >
      <svg viewBox="0 0 8 14" width="8" height="14" aria-hidden="true" focusable="false">
        <path className="td-sort__up" d="M4 1l3.5 4.5h-7z" />
        <path className="td-sort__down" d="M4 13L.5 8.5h7z" />
      </svg>
    </button>
  );
}
