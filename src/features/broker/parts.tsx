import { useTranslation } from 'react-i18next';
import { failureText } from '../../components/form/index.ts';
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
