import { useTranslation } from 'react-i18next';
import { Field, type FieldIssue } from '../../../components/form/index.ts';
import { formatAssetAmount } from '../../../lib/format/index.ts';
import type { Destination, ProfitApplication } from './api.ts';

/** USDT at its precision, with the asset (glossary "Numbers"). */
export const usdt = (value: string) => `${formatAssetAmount(value, 'USDT')} USDT`;

/** An amount asked for: positive, at most 18 integer digits; the 8 decimals are checked beside it. */
export const AMOUNT = /^(0|[1-9]\d{0,17})(\.\d{1,8})?$/;

export type { FactorField } from '../money/shared.tsx';

/** A sub-account where the project's profit may go (or own money come from): profitAccrual/accounts. */
export function DestinationSelect({
  name,
  label,
  accounts,
  value,
  onChange,
  error,
  hint,
}: {
  name: string;
  label: string;
  accounts: readonly Destination[];
  value: string;
  onChange: (brokerAccountId: string) => void;
  error?: FieldIssue | string | undefined;
  hint?: string | null;
}) {
  const { t } = useTranslation('broker-profit');
  return (
    <Field name={name} label={label} error={error} hint={hint ?? null}>
      {(aria) => (
        <select {...aria} data-testid={`input-${name}`} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('chooseAccount')}</option>
          {accounts.map((d) => (
            <option key={d.brokerAccountId} value={d.brokerAccountId}>
              {t('accountOption', { name: d.subAccountName, exchange: t(`broker-config:exchanges.${d.exchangeCode}`) })}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Where an application's money goes (or, for a transfer in, comes from). */
export function legsText(t: (key: string) => string, row: ProfitApplication): string {
  return row.legs.map((l) => `${l.subAccountName} · ${t(`broker:wallets.${l.wallet}`)}${row.legs.length > 1 ? ` ${l.percent !== null ? `${l.percent}%` : usdt(l.amount)}` : ''}`).join('; ');
}
