import { useTranslation } from 'react-i18next';
import { checkCode, checkGaCode, CodeField, Field, TextField, type FieldErrors, type FieldIssue } from '../../account/shared.ts';
import { formatAssetAmount } from '../../../lib/format/index.ts';
import type { Destination, ProfitApplication } from './api.ts';

/** USDT at its precision, with the asset (glossary "Numbers"). */
export const usdt = (value: string) => `${formatAssetAmount(value, 'USDT')} USDT`;

/** An amount asked for: positive, at most 18 integer digits; the 8 decimals are checked beside it. */
export const AMOUNT = /^(0|[1-9]\d{0,17})(\.\d{1,8})?$/;

export type FactorField = 'emailCode' | 'gaCode';
export interface Factor {
  code: string;
  uuid: string | null;
  ga: string;
}
export const noFactor: Factor = { code: '', uuid: null, ga: '' };

/**
 * The second factor of a profit money call: an e-mail code (sent by `request`, to the member's own e-mail), and the
 * Google code when an authenticator is bound.
 */
export function FactorFields({
  request,
  gaBound,
  value,
  onChange,
  errors,
  idPrefix,
}: {
  request: () => Promise<{ uuid: string }>;
  gaBound: boolean;
  value: Factor;
  onChange: (update: (value: Factor) => Factor) => void;
  errors: FieldErrors<FactorField>;
  /** Two forms on one page: their fields need their own ids. */
  idPrefix: string;
}) {
  const { t } = useTranslation('broker-profit');
  return (
    <>
      <CodeField
        name={`${idPrefix}EmailCode`}
        label={t('factor.emailCode')}
        value={value.code}
        onValue={(code) => onChange((f) => ({ ...f, code }))}
        error={errors.emailCode}
        request={request}
        onUuid={(uuid) => onChange((f) => ({ ...f, uuid }))}
      />
      {gaBound ? (
        <TextField name={`${idPrefix}GaCode`} label={t('factor.gaCode')} inputMode="numeric" autoComplete="one-time-code" value={value.ga} onValue={(ga) => onChange((f) => ({ ...f, ga }))} error={errors.gaCode} />
      ) : null}
    </>
  );
}

/** The second factor's fields checked before a call: the code fetched and 6 digits, the Google code when bound. */
export function checkFactor(factor: Factor, gaBound: boolean): FieldErrors<FactorField> {
  const found: FieldErrors<FactorField> = {};
  const code = checkCode(factor.code, factor.uuid);
  const ga = checkGaCode(factor.ga, gaBound);
  if (code) found.emailCode = code;
  if (ga) found.gaCode = ga;
  return found;
}

export const factorBody = (factor: Factor) => ({ emailUuid: factor.uuid ?? '', emailCode: factor.code.trim(), ...(factor.ga.trim() ? { gaCode: factor.ga.trim() } : {}) });

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
          <option value="">{t('errors.toRequired')}</option>
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
