import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BROKER_EXCHANGE_RULES, MAX_REMARK, SUB_ACCOUNT_NAME_PATTERN, type BrokerExchange, type SubAccountKind } from '../../../contract/broker-rules.ts';
import { Modal } from '../../components/index.ts';
import { newRequestId } from '../../lib/api/index.ts';
import { accountsApi, type BrokerAccount } from './accounts-api.ts';
import { useBrokerLookup } from './lookup-store.ts';
import { Notice } from './parts.tsx';
import { Options, useFieldErrors } from '../../components/form/index.ts';

const FIELDS = ['exchangeCode', 'accountType', 'subAccountName', 'remark'] as const;
type Field = (typeof FIELDS)[number];

/**
 * Adds a sub-account (exchange, kind, name on the exchange, remark) or edits one's remark. Checked here as the
 * sandbox checks it (contract/broker-rules.ts); the server's refusal of a field shows beside that field. One
 * request id per form, so a resend never opens two sub-accounts.
 */
export function AccountForm({ account, onClose, onDone }: { account: BrokerAccount | null; onClose: () => void; onDone: (account: BrokerAccount) => void }) {
  const { t } = useTranslation('broker');
  const exchanges = useBrokerLookup((s) => s.exchangeList);
  const [exchangeCode, setExchange] = useState<BrokerExchange | ''>(account?.exchangeCode ?? '');
  const [accountType, setKind] = useState<SubAccountKind | ''>(account?.accountType ?? '');
  const [name, setName] = useState(account?.subAccountName ?? '');
  const [remark, setRemark] = useState(account?.remark ?? '');
  const { id, errors, setErrors, fieldError, describedBy, refused: refusal } = useFieldErrors<Field>('account', FIELDS);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [requestId] = useState(newRequestId);
  const rule = exchangeCode ? BROKER_EXCHANGE_RULES[exchangeCode] : null;

  const check = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    if (!account) {
      if (!exchangeCode) found.exchangeCode = t('account.errors.exchange');
      else if (!rule?.masterApi) found.exchangeCode = t('account.noMasterApi');
      if (!accountType) found.accountType = t('account.errors.kind');
      if (!SUB_ACCOUNT_NAME_PATTERN.test(name)) found.subAccountName = t('account.errors.name');
    }
    if (remark.length > MAX_REMARK) found.remark = t('account.errors.remark');
    return found;
  };

  const submit = async () => {
    const found = check();
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0 || !exchangeCode || (!account && !accountType)) return;
    setBusy(true);
    try {
      const saved = account
        ? await accountsApi.update(account.brokerAccountId, remark)
        : await accountsApi.create({ exchangeCode, accountType: accountType as SubAccountKind, subAccountName: name, remark, requestId });
      onDone(saved);
    } catch (refused) {
      setFailure(refusal(refused));
    } finally {
      setBusy(false);
    }
  };


  return (
    <Modal
      visible
      title={account ? t('account.editTitle') : t('account.createTitle')}
      onClose={onClose}
      onConfirm={() => void submit()}
      confirmText={t('common.save')}
      closeText={t('common.cancel')}
      confirmDisabled={busy}
      maskClosable={false}
      className="td-broker-modal"
    >
      <form className="td-broker-form" onSubmit={(e) => (e.preventDefault(), void submit())} noValidate data-testid="account-form">
        <label>
          {t('common.exchange')}
          <select value={exchangeCode} disabled={account !== null} onChange={(e) => setExchange(e.target.value as BrokerExchange)} aria-invalid={!!errors.exchangeCode} aria-describedby={describedBy('exchangeCode')} data-testid="account-exchange">
            <Options placeholder={t('common.choose')} options={exchanges} />
          </select>
          {fieldError('exchangeCode')}
        </label>
        <label>
          {t('common.kind')}
          <select value={accountType} disabled={account !== null} onChange={(e) => setKind(e.target.value as SubAccountKind)} aria-invalid={!!errors.accountType} aria-describedby={describedBy('accountType')} data-testid="account-kind">
            <Options placeholder={t('common.choose')} options={(rule?.kinds ?? []).map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
          </select>
          {fieldError('accountType')}
        </label>
        <label>
          {t('account.name')}
          <input value={name} readOnly={account !== null} maxLength={32} autoComplete="off" onChange={(e) => setName(e.target.value)} aria-invalid={!!errors.subAccountName} aria-describedby={describedBy('subAccountName', `${id}-name-hint`)} data-testid="account-name-input" />
          <span className="td-broker-hint" id={`${id}-name-hint`}>
            {t('account.nameHint')}
          </span>
          {fieldError('subAccountName')}
        </label>
        <label>
          {t('common.remark')}
          <textarea value={remark} rows={3} onChange={(e) => setRemark(e.target.value)} aria-invalid={!!errors.remark} aria-describedby={describedBy('remark', `${id}-remark-hint`)} data-testid="account-remark-input" />
          <span className="td-broker-hint" id={`${id}-remark-hint`}>
            {t('account.remarkHint')}
          </span>
          {fieldError('remark')}
        </label>
        <Notice error text={failure} testId="account-form-error" />
      </form>
    </Modal>
  );
}
