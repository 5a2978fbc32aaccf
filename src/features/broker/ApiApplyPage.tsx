import './pages.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { API_KEY_PERMISSIONS, BROKER_EXCHANGE_RULES, grantedPermissions, KEY_PASSPHRASE_PATTERN, MAX_REMARK, parseIpList, type ApiKeyPermission } from '../../../contract/broker-rules.ts';
import { newRequestId } from '../../lib/api/index.ts';
import { useAccountInfo } from '../account/index.ts';
import { useClearWhenValid, useFieldErrors } from '../../components/form/index.ts';
import { useStepUp } from '../../components/step-up/index.ts';
import './money/locale.ts';
import { moneyFactors, SecondFactorFields, stepUpFactors } from './money/shared.tsx';
import { accountsApi, type CreatedKey } from './accounts-api.ts';
import './lists.css';
import { useLoad } from '../../lib/use-load.ts';
import { LoadError, Notice } from './parts.tsx';

const FIELDS = ['brokerAccountId', 'permissions', 'ipList', 'passphrase', 'remark', 'password', 'emailCode', 'gaCode'] as const;
type Field = (typeof FIELDS)[number];

/**
 * spec §2 broker manager "api": a new API key for a sub-account — the permissions its exchange offers (spec §6:
 * withdraw needs bound IPs and brings read), bound IPs (spec §5: at most 20, ≤ 500 characters; a bad list is
 * refused beside the field), a passphrase where the exchange signs with one, a remark. The secret is shown once.
 * A key that can move money (transfers, withdraw) takes the step-up and waits for another member's approval; its
 * maker takes the secret afterwards on the API management page (server/broker/README.md "Maker-checker controls").
 */
export default function ApiApplyPage() {
  const { t } = useTranslation('broker');
  const { lang } = useParams();
  const accounts = useLoad(() => accountsApi.list(), []);
  const [brokerAccountId, setAccount] = useState('');
  const [permissions, setPermissions] = useState<ApiKeyPermission[]>(['read']);
  const [ipText, setIpText] = useState('');
  const [passphrase, setPassphrase] = useState('');
  const [remark, setRemark] = useState('');
  const { id, errors, setErrors, fieldError, describedBy, refused: refusal } = useFieldErrors<Field>('key', FIELDS);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [requestId, setRequestId] = useState(newRequestId);
  const [created, setCreated] = useState<CreatedKey | null>(null);
  // A key that can move money: the sandbox asks for the step-up (the password, an e-mail code of business type
  // brokerApiKey, and the Google code when an authenticator is bound; contract/broker.ts insertBrokerExchangeKey).
  const gaBound = Boolean(useAccountInfo()?.gaBound);
  const needsFactor = permissions.includes('withdraw') || permissions.includes('transfers');
  const stepUp = useStepUp({ factors: needsFactor ? stepUpFactors(gaBound) : moneyFactors(gaBound) });
  const account = accounts.data?.find((a) => a.brokerAccountId === brokerAccountId) ?? null;
  const rule = account ? BROKER_EXCHANGE_RULES[account.exchangeCode] : null;

  const check = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    if (!account || !rule) return { brokerAccountId: t('apply.errors.account') };
    const ips = parseIpList(ipText);
    if (!ips.ok) found.ipList = t(`apply.errors.${ips.rule}`, { entry: ips.entry ?? '' });
    const granted = grantedPermissions(account.exchangeCode, permissions, ips.ok ? ips.ips.length : 0);
    if (!granted.ok) {
      found.permissions = granted.rule === 'empty' ? t('apply.errors.permissions') : t(`apply.errors.${granted.rule}`, { permission: granted.permission ? t(`permissions.${granted.permission}`) : '' });
    }
    if (rule.passphrase && !KEY_PASSPHRASE_PATTERN.test(passphrase)) found.passphrase = t('apply.errors.passphrase');
    if (remark.length > MAX_REMARK) found.remark = t('account.errors.remark');
    if (needsFactor) {
      const { password, emailCode: code, gaCode: ga } = stepUp.check();
      if (password) found.password = typeof password === 'string' ? password : t(password.key, password.params ?? {});
      if (code) found.emailCode = typeof code === 'string' ? code : t(code.key, code.params ?? {});
      if (ga) found.gaCode = typeof ga === 'string' ? ga : t(ga.key, ga.params ?? {});
    }
    return found;
  };

  // A corrected field loses its error at once (the permissions are checked again when the IP list changes: withdraw
  // needs bound IPs).
  const values = { brokerAccountId, permissions, ipList: ipText, passphrase, remark, password: stepUp.values.password, emailCode: stepUp.values.emailCode, gaCode: stepUp.values.gaCode };
  useClearWhenValid(values, errors, setErrors, check, { ipList: ['permissions'] });

  const submit = async () => {
    const found = check();
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0 || !rule) return;
    setBusy(true);
    try {
      const second = needsFactor ? (stepUp.body() ?? {}) : {};
      setCreated(await accountsApi.createKey({ brokerAccountId, permissions, ipList: ipText.trim(), remark, requestId, ...(rule.passphrase ? { passphrase } : {}), ...second }));
      stepUp.reset();
    } catch (refused) {
      stepUp.learn(refused);
      setFailure(refusal(refused));
    } finally {
      setBusy(false);
    }
  };
  const toggle = (p: ApiKeyPermission, on: boolean) => setPermissions((list) => (on ? API_KEY_PERMISSIONS.filter((x) => x === p || list.includes(x)) : list.filter((x) => x !== p)));
  const again = () => {
    setCreated(null);
    setRequestId(newRequestId());
    setIpText('');
    setPassphrase('');
    setRemark('');
  };


  if (created) {
    return (
      <section className="td-broker-page" data-testid="broker-api-created">
        <h1>{t('apply.title')}</h1>
        <Notice text={t(created.key.status === 'pending' ? 'apply.pending' : 'apply.created')} testId="created-notice" />
        <dl className="td-broker-facts">
          <dt>{t('keys.apiKey')}</dt>
          <dd className="td-broker-mono" data-testid="created-api-key">{created.key.apiKey}</dd>
          {created.secretKey ? (
            <>
              <dt>{t('apply.secretKey')}</dt>
              <dd className="td-broker-mono" data-testid="created-secret">{created.secretKey}</dd>
            </>
          ) : null}
          <dt>{t('apply.permissions')}</dt>
          <dd>{created.key.permissions.map((p) => t(`permissions.${p}`)).join('、')}</dd>
          <dt>{t('keys.ipList')}</dt>
          <dd>{created.key.ipList.length ? created.key.ipList.join(', ') : t('keys.noIp')}</dd>
        </dl>
        <p className="td-broker-actions">
          <button type="button" className="td-broker-button td-broker-button--quiet" onClick={again} data-testid="key-again">
            {t('apply.again')}
          </button>
          <Link to={`/${lang}/brokerManager/api-management`} data-testid="key-to-list">
            {t('keys.title')}
          </Link>
        </p>
      </section>
    );
  }

  return (
    <section className="td-broker-page" data-testid="broker-api-apply">
      <h1>{t('apply.title')}</h1>
      <LoadError error={accounts.error} />
      <form className="td-broker-form" onSubmit={(e) => (e.preventDefault(), void submit())} noValidate data-testid="key-form">
        <label>
          {t('apply.account')}
          <select value={brokerAccountId} onChange={(e) => (setAccount(e.target.value), setPermissions(['read']))} aria-invalid={!!errors.brokerAccountId} aria-describedby={describedBy('brokerAccountId')} data-testid="key-account">
            <option value="">{t('apply.chooseAccount')}</option>
            {(accounts.data ?? []).map((a) => (
              <option key={a.brokerAccountId} value={a.brokerAccountId}>
                {t('apply.accountOption', { name: a.subAccountName, exchange: a.exchangeCode })}
              </option>
            ))}
          </select>
          {fieldError('brokerAccountId')}
        </label>
        <fieldset className="td-broker-permissions" aria-describedby={describedBy('permissions', `${id}-withdraw-hint`)} aria-invalid={!!errors.permissions}>
          <legend>{t('apply.permissions')}</legend>
          {(rule?.permissions ?? []).map((p) => (
            <label key={p} className="td-broker-check">
              <input type="checkbox" checked={permissions.includes(p)} onChange={(e) => toggle(p, e.target.checked)} data-testid={`key-permission-${p}`} />
              {t(`permissions.${p}`)}
            </label>
          ))}
          <span className="td-broker-hint" id={`${id}-withdraw-hint`}>
            {t('apply.withdrawHint')} {t('apply.approvalHint')}
          </span>
          {fieldError('permissions')}
        </fieldset>
        <label>
          {t('apply.ipList')}
          <textarea value={ipText} rows={3} onChange={(e) => setIpText(e.target.value)} aria-invalid={!!errors.ipList} aria-describedby={describedBy('ipList', `${id}-ip-hint`)} data-testid="key-ips-input" />
          <span className="td-broker-hint" id={`${id}-ip-hint`}>
            {t('apply.ipHint')}
          </span>
          {fieldError('ipList')}
        </label>
        {rule?.passphrase ? (
          <label>
            {t('apply.passphrase')}
            <input type="password" value={passphrase} autoComplete="new-password" maxLength={32} onChange={(e) => setPassphrase(e.target.value)} aria-invalid={!!errors.passphrase} aria-describedby={describedBy('passphrase', `${id}-pass-hint`)} data-testid="key-passphrase" />
            <span className="td-broker-hint" id={`${id}-pass-hint`}>
              {t('apply.passphraseHint')}
            </span>
            {fieldError('passphrase')}
          </label>
        ) : null}
        <label>
          {t('common.remark')}
          <textarea value={remark} rows={2} onChange={(e) => setRemark(e.target.value)} aria-invalid={!!errors.remark} aria-describedby={describedBy('remark')} data-testid="key-remark" />
          {fieldError('remark')}
        </label>
        {needsFactor ? <SecondFactorFields businessType="brokerApiKey" stepUp={stepUp} errors={errors} /> : null}
        <Notice error text={failure} testId="key-form-error" />
        <button type="submit" className="td-broker-button" disabled={busy} data-testid="key-submit">
          {t('apply.submit')}
        </button>
      </form>
    </section>
  );
}
