import { useTranslation } from 'react-i18next';
import { BROKER_WALLETS, type BrokerWallet } from '../../../../contract/broker-rules.ts';
import { SelectField, type FieldIssue } from '../../../components/form/index.ts';
import type { AccountOption } from './api.ts';

/** A sub-account as a picker shows it: accountList's (spec §3), or a project's profit destination (no remark). */
type PickedAccount = Pick<AccountOption, 'brokerAccountId' | 'subAccountName' | 'exchangeCode'> & { remark?: string | null };

/** Which sub-account a money page works on: its name, exchange and remark (spec §3 accountList). */
export function accountLabel(t: (key: string) => string, account: PickedAccount): string {
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
  hint,
  exclude,
  allowAll = false,
}: {
  name: string;
  label: string;
  accounts: readonly PickedAccount[];
  value: string;
  onChange: (brokerAccountId: string) => void;
  error?: FieldIssue | string | undefined;
  hint?: string | null;
  /** A sub-account that may not be chosen here (a transfer's other side). */
  exclude?: string | undefined;
  /** A filter: the empty choice means every sub-account. */
  allowAll?: boolean;
}) {
  const { t } = useTranslation('broker-money');
  const options = accounts.map((a) => ({ value: a.brokerAccountId, label: accountLabel(t, a), disabled: a.brokerAccountId === exclude }));
  return <SelectField name={name} label={label} value={value} onValue={onChange} options={options} placeholder={allowAll ? t('common.allAccounts') : t('common.chooseAccount')} error={error} hint={hint ?? null} />;
}

/** A labelled select of a sub-account's wallets (spot, funding, earn, futures), in the broker's words. */
export function WalletPicker({ name, label, value, onChange, error }: { name: string; label: string; value: BrokerWallet; onChange: (wallet: BrokerWallet) => void; error?: FieldIssue | string | undefined }) {
  const { t } = useTranslation('broker-money');
  return <SelectField<BrokerWallet> name={name} label={label} value={value} onValue={onChange} options={BROKER_WALLETS.map((w) => ({ value: w, label: t(`broker:wallets.${w}`) }))} error={error} />;
}
