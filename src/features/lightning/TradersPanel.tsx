import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRADER_PERMISSIONS, type TraderPermission } from '../../../contract/lightning-rules.ts';
import { isApiError } from '../../lib/api/index.ts';
import { type Reply, request } from '../../lib/api/request.ts';

type Trader = Reply<'/broker/lightning/trader/permissionsList'>[number];
type Registration = Reply<'/broker/lightning/trader/query'>;
const quiet = { silent: true } as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Which message a refusal shows: 403 not the owner, 400 on the e-mail (unknown user, oneself, the limit), else a retry. */
function errorKey(error: unknown): string {
  if (isApiError(error) && error.code === 403) return 'traders.errors.notOwner';
  if (isApiError(error) && error.code === 400) return 'traders.errors.refused';
  return 'traders.errors.failed';
}

/** The registration, and the traders once registered. */
async function loadTraders(): Promise<{ registration: Registration; traders: Trader[] }> {
  const registration = await request('/broker/lightning/trader/query', undefined, quiet);
  return { registration, traders: registration.registered ? await request('/broker/lightning/trader/permissionsList', undefined, quiet) : [] };
}

/**
 * The lightning account's traders (spec §7 trader/register, trader/query, updatePermissions, delTraders,
 * permissionsList): the owner registers as the account's trader, then adds other users by e-mail with what each
 * may do, changes it, or removes them. Only the owner manages traders (the sandbox refuses anyone else).
 */
export function TradersPanel() {
  const { t } = useTranslation('lightning');
  const [registration, setRegistration] = useState<Registration | null>(null);
  const [traders, setTraders] = useState<Trader[]>([]);
  const [email, setEmail] = useState('');
  const [permissions, setPermissions] = useState<TraderPermission[]>(['order', 'cancel']);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    const state = await loadTraders();
    setRegistration(state.registration);
    setTraders(state.traders);
  }, []);

  useEffect(() => {
    let live = true;
    loadTraders().then(
      (state) => {
        if (!live) return;
        setRegistration(state.registration);
        setTraders(state.traders);
      },
      (e: unknown) => live && setError(errorKey(e)),
    );
    return () => {
      live = false;
    };
  }, []);

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      await reload();
    } catch (e) {
      setError(errorKey(e));
    } finally {
      setBusy(false);
    }
  };

  const emailValid = EMAIL.test(email.trim());
  const toggle = (p: TraderPermission) => setPermissions((cur) => (cur.includes(p) ? cur.filter((x) => x !== p) : [...cur, p]));

  return (
    <section className="td-lt-panel td-lt-traders" aria-label={t('traders.title')} data-testid="lightning-traders">
      <h2>{t('traders.title')}</h2>
      {error && (
        <p role="alert" className="td-form-error" data-testid="traders-error">
          {t(error)}
        </p>
      )}
      {registration && !registration.registered && (
        <>
          <p>{t('traders.register.hint')}</p>
          <button type="button" className="td-button" disabled={busy} data-testid="traders-register" onClick={() => void run(() => request('/broker/lightning/trader/register', undefined, quiet))}>
            {t('traders.register.button')}
          </button>
        </>
      )}
      {registration?.registered && (
        <>
          <table className="td-data-table" data-testid="traders-table">
            <thead>
              <tr>
                <th>{t('traders.email')}</th>
                <th>{t('traders.permissions')}</th>
                <th>{t('traders.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {traders.length === 0 && (
                <tr>
                  <td colSpan={3}>{t('traders.empty')}</td>
                </tr>
              )}
              {traders.map((tr) => (
                <tr key={tr.traderId} data-trader={tr.email}>
                  <td>{tr.email}</td>
                  <td>{tr.permissions.map((p) => t(`traders.permission.${p}`)).join(t('traders.separator'))}</td>
                  <td>
                    <button
                      type="button"
                      className="td-link-button"
                      disabled={busy}
                      data-testid="traders-delete"
                      aria-label={t('traders.delete', { email: tr.email })}
                      onClick={() => void run(() => request('/broker/lightning/trader/delTraders', { traderIds: [tr.traderId] }, quiet))}
                    >
                      {t('traders.deleteShort')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <form
            className="td-lt-traders-form"
            data-testid="traders-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (!emailValid || permissions.length === 0) return;
              void run(async () => {
                await request('/broker/lightning/trader/updatePermissions', { email: email.trim(), permissions }, quiet);
                setEmail('');
              });
            }}
          >
            <label>
              {t('traders.email')}
              <input type="email" value={email} maxLength={254} data-testid="traders-email" aria-invalid={email !== '' && !emailValid} onChange={(e) => setEmail(e.target.value)} />
            </label>
            {email !== '' && !emailValid && <span className="td-form-error">{t('traders.errors.email')}</span>}
            <fieldset>
              <legend>{t('traders.permissions')}</legend>
              {TRADER_PERMISSIONS.map((p) => (
                <label key={p}>
                  <input type="checkbox" checked={permissions.includes(p)} data-testid={`traders-permission-${p}`} onChange={() => toggle(p)} />
                  {t(`traders.permission.${p}`)}
                </label>
              ))}
            </fieldset>
            {permissions.length === 0 && <span className="td-form-error">{t('traders.errors.nonePicked')}</span>}
            <button type="submit" className="td-button" disabled={busy || !emailValid || permissions.length === 0} data-testid="traders-save">
              {t('traders.save')}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
