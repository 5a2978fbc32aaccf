import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/form/index.ts';
import type { AccountOption } from './api.ts';

/** Which sub-account a money page works on: its name, exchange and remark (spec §3 accountList). */
export function accountLabel(t: (key: string) => string, account: AccountOption): string {
  const exchange = t(`broker-config:exchanges.${account.exchangeCode}`);
  return account.remark ? `${account.subAccountName} · ${exchange} · ${account.remark}` : `${account.subAccountName} · ${exchange}`;
}

/** A labelled sub-account select with its error beside it; `name` names its test id (input-<name>). */
export function AccountPicker({
  name,
  label,
  accounts,
  value,
  onChange,
  error,
  exclude,
  allowAll = false,
}: {
  name: string;
  label: string;
  accounts: readonly AccountOption[];
  value: string;
  onChange: (brokerAccountId: string) => void;
  error?: string | undefined;
  /** A sub-account that may not be chosen here (a transfer's other side). */
  exclude?: string | undefined;
  /** A filter: the empty choice means every sub-account. */
  allowAll?: boolean;
}) {
  const { t } = useTranslation('broker-money');
  return (
    <Field name={name} label={label} error={error}>
      {(aria) => (
        <select {...aria} data-testid={`input-${name}`} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{allowAll ? t('common.allAccounts') : t('common.chooseAccount')}</option>
          {accounts.map((a) => (
            <option key={a.brokerAccountId} value={a.brokerAccountId} disabled={a.brokerAccountId === exclude}>
              {accountLabel(t, a)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
