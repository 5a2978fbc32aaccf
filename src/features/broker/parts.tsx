import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/index.ts';
import { useBrokerLookup } from './lookup-store.ts';

/** An exchange as the lookup store shows it (spec §3 exchange option: icon and lower-cased label). */
export function ExchangeName({ code }: { code: string }) {
  const option = useBrokerLookup((s) => s.exchangeList.find((o) => o.value === code));
  return (
    <span className="td-broker-exchange">
      {option ? <img src={option.icon} alt="" width={18} height={18} /> : null}
      <span>{option?.label ?? code}</span>
    </span>
  );
}

/** The text of a failed call (the API client's translated message or the server's msg). */
export function failureText(failure: unknown): string {
  if (isApiError(failure) || failure instanceof Error) return failure.message;
  return String(failure);
}

/** The field a 400 names (`data.field`) and the rule it broke, when the server names one. */
export function failureField(failure: unknown): { field: string; rule: string } | null {
  if (!isApiError(failure) || typeof failure.data !== 'object' || failure.data === null) return null;
  const data = failure.data as { field?: unknown; rule?: unknown };
  return typeof data.field === 'string' ? { field: data.field, rule: typeof data.rule === 'string' ? data.rule : '' } : null;
}

/** A form message: an error (role alert) or a notice (role status). */
export function Notice({ text, error = false, testId }: { text: string | null; error?: boolean; testId?: string }) {
  if (!text) return null;
  return (
    <p className={`td-broker-notice${error ? ' td-broker-notice--error' : ''}`} role={error ? 'alert' : 'status'} data-testid={testId}>
      {text}
    </p>
  );
}

/** A failed load, in words. */
export function LoadError({ error }: { error: unknown }) {
  const { t } = useTranslation('broker');
  return error ? <Notice error text={t('common.failed', { message: failureText(error) })} /> : null;
}
