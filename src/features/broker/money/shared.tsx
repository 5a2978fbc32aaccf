import { useTranslation } from 'react-i18next';
import type { RangeDays } from '../../../../contract/broker-performance.ts';
import type { TimeRange } from '../../../components/records/index.ts';
import { checkCode, checkGaCode, CodeField, TextField, type FieldErrors } from '../../../components/form/index.ts';
import { describeError } from '../../account/index.ts';
import { formatAssetAmount } from '../../../lib/format/index.ts';
import { fundApi, type CodeType } from './api.ts';

/** The time filter a records call takes (contract/broker-funds.ts): a custom range as chosen, else the quick range (spec §9). */
export function timeFields(range: TimeRange): { days?: RangeDays; startTime?: string; endTime?: string } {
  if (range.startTime && range.endTime) return { startTime: range.startTime, endTime: range.endTime };
  return { days: (range.days ?? 30) as RangeDays };
}

/** The same filters as the form fields of an export (spec §7 "Downloads": every field a string). */
export function exportFields(filters: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') out[key] = String(value);
  return out;
}

/** An amount of an asset at its precision, with the asset (glossary "Numbers"). */
export function amountText(value: string, asset: string): string {
  return `${formatAssetAmount(value, asset)} ${asset}`;
}

export function Amount({ value, asset, testId }: { value: string; asset: string; testId?: string }) {
  const text = amountText(value, asset);
  return <span data-testid={testId}>{text}</span>;
}

export type FactorField = 'emailCode' | 'gaCode';
export interface Factor {
  code: string;
  uuid: string | null;
  ga: string;
}
export const noFactor: Factor = { code: '', uuid: null, ga: '' };

/** The second factor's fields checked before a call: the code fetched and 6 digits, the Google code when bound. */
export function checkFactor(factor: Factor, gaBound: boolean): FieldErrors<FactorField> {
  const found: FieldErrors<FactorField> = {};
  const code = checkCode(factor.code, factor.uuid);
  const ga = checkGaCode(factor.ga, gaBound);
  if (code) found.emailCode = code;
  if (ga) found.gaCode = ga;
  return found;
}

/**
 * The second factor a money call asks for (contract/broker-funds.ts): an e-mail code of the call's business type,
 * sent to the signed-in member's own e-mail, and the Google code when an authenticator is bound. `request` sends the
 * code another way (a call of its own, e.g. project/invokeWithdrawalEmailValidation); `names` tell apart the fields
 * of two forms on one page.
 */
export function SecondFactorFields({
  businessType,
  gaBound,
  value,
  onChange,
  errors,
  request,
  names = { code: 'emailCode', ga: 'gaCode' },
}: {
  businessType: CodeType;
  gaBound: boolean;
  value: Factor;
  onChange: (update: (value: Factor) => Factor) => void;
  errors: FieldErrors<FactorField>;
  request?: () => Promise<{ uuid: string }>;
  names?: { code: string; ga: string };
}) {
  const { t } = useTranslation('broker-money');
  return (
    <>
      <CodeField describeFailure={(failure) => describeError(t, failure).message}
        name={names.code}
        label={t('factor.emailCode')}
        value={value.code}
        onValue={(code) => onChange((f) => ({ ...f, code }))}
        error={errors.emailCode}
        request={request ?? (() => fundApi.invoke(businessType))}
        onUuid={(uuid) => onChange((f) => ({ ...f, uuid }))}
      />
      {gaBound ? <TextField name={names.ga} label={t('factor.gaCode')} inputMode="numeric" autoComplete="one-time-code" value={value.ga} onValue={(ga) => onChange((f) => ({ ...f, ga }))} error={errors.gaCode} /> : null}
    </>
  );
}
