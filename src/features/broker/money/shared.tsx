import { useTranslation } from 'react-i18next';
import type { RangeDays } from '../../../../contract/broker-performance.ts';
import type { TimeRange } from '../../../components/records/index.ts';
import type { FieldErrors } from '../../../components/form/index.ts';
import { StepUpFields, type StepUp, type StepUpFactor } from '../../../components/step-up/index.ts';
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

/** A positive amount asked for: up to 18 integer and 18 fraction digits, as contract/broker-funds.ts takes it. */
export const AMOUNT = /^(0|[1-9]\d{0,17})(\.\d{1,18})?$/;

/** An amount of an asset at its precision, with the asset (glossary "Numbers"). */
export function amountText(value: string, asset: string): string {
  return `${formatAssetAmount(value, asset)} ${asset}`;
}

export function Amount({ value, asset, testId }: { value: string; asset: string; testId?: string }) {
  const text = amountText(value, asset);
  return <span data-testid={testId}>{text}</span>;
}

export type FactorField = 'emailCode' | 'gaCode' | 'password';

/**
 * The second factor a money call asks for (contract/broker-funds.ts): an e-mail code of the call's business type,
 * sent to the signed-in member's own e-mail, and the Google code while an authenticator is bound.
 */
export const moneyFactors = (gaBound: boolean): readonly StepUpFactor[] => (gaBound ? ['emailCode', 'gaCode'] : ['emailCode']);

/**
 * The step-up of a broker call that hands money-moving power to someone (server/identity/step-up.ts): the account
 * password besides the second factor — an API key with transfers or withdraw, its secret, unbinding a funded sub-account.
 */
export const stepUpFactors = (gaBound: boolean): readonly StepUpFactor[] => ['password', ...moneyFactors(gaBound)];

/**
 * The second factor's fields in the broker's words. `request` sends the code another way (a call of its own, e.g.
 * project/invokeWithdrawalEmailValidation); `names` tell apart the fields of two forms on one page.
 */
export function SecondFactorFields({
  businessType,
  stepUp,
  errors,
  request,
  names,
  onEdit,
}: {
  businessType: CodeType;
  stepUp: StepUp;
  errors: FieldErrors<FactorField>;
  request?: () => Promise<{ uuid: string }>;
  names?: Partial<Record<FactorField, string>>;
  onEdit?: () => void;
}) {
  const { t } = useTranslation('broker-money');
  return (
    <StepUpFields
      stepUp={stepUp}
      errors={errors}
      labels={{ password: t('factor.password'), emailCode: t('factor.emailCode'), gaCode: t('factor.gaCode') }}
      sendEmailCode={request ?? (() => fundApi.invoke(businessType))}
      describeFailure={(failure) => describeError(t, failure).message}
      {...(names ? { names } : {})}
      {...(onEdit ? { onEdit } : {})}
    />
  );
}
