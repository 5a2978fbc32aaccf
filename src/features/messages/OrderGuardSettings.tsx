import Decimal from 'decimal.js';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_GUARD_LIMITS } from '../../../contract/rules.ts';
import { TextField } from '../../components/form/index.ts';
import { useSession } from '../../lib/session/index.ts';
import { setOrderGuard, useOrderGuard, type OrderGuardSettings } from '../../lib/session/order-guard.ts';

type Errors = Partial<Record<'priceBandPct' | 'maxNotional', string>>;

/** A decimal in [min, max] with at most `decimals` places, else null. */
function parse(text: string, min: number, max: number, decimals: number): number | null {
  if (!/^\d+(\.\d+)?$/.test(text.trim())) return null;
  const d = new Decimal(text.trim());
  if (d.lt(min) || d.gt(max) || d.decimalPlaces() > decimals) return null;
  return d.toNumber();
}

/** The guard's settings once the user info (which holds them) has come. */
export function OrderGuardPanel() {
  const loaded = useSession((s) => s.userInfo !== null);
  return loaded ? <OrderGuardForm /> : null;
}

/**
 * The account's fat-finger guard (contract/rules.ts `DEFAULT_ORDER_GUARD`): the price band from the mark or last price
 * and the notional limit, each with its switch; saved for the account (POST /institution/updateOrderGuard).
 */
function OrderGuardForm() {
  const { t } = useTranslation('messages');
  const saved = useOrderGuard();
  const [bandOn, setBandOn] = useState(saved.priceBandOn);
  const [band, setBand] = useState(String(saved.priceBandPct));
  const [notionalOn, setNotionalOn] = useState(saved.notionalOn);
  const [notional, setNotional] = useState(String(saved.maxNotional));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);
  const L = ORDER_GUARD_LIMITS;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const priceBandPct = parse(band, L.bandMinPct, L.bandMaxPct, 2);
    const maxNotional = parse(notional, L.notionalMin, L.notionalMax, 0);
    const next: Errors = {
      ...(priceBandPct === null ? { priceBandPct: t('reminder.guard.bandRange', { min: L.bandMinPct, max: L.bandMaxPct }) } : {}),
      ...(maxNotional === null ? { maxNotional: t('reminder.guard.notionalRange', { min: L.notionalMin, max: '1,000,000,000,000' }) } : {}),
    };
    setErrors(next);
    if (priceBandPct === null || maxNotional === null) return;
    const guard: OrderGuardSettings = { priceBandOn: bandOn, priceBandPct, notionalOn, maxNotional };
    setSaving(true);
    setOrderGuard(guard).then(
      () => {
        setSaving(false);
        setDone(true);
      },
      () => setSaving(false), // the client has shown the refusal
    );
  };

  return (
    <section className="td-msg-panel td-msg-section" aria-labelledby="order-guard" data-testid="order-guard">
      <h2 id="order-guard">{t('reminder.guard.title')}</h2>
      <p className="td-msg-hint">{t('reminder.guard.lead')}</p>
      <form onSubmit={submit} noValidate>
        <label className="td-msg-check">
          <input type="checkbox" data-testid="order-guard-band-on" checked={bandOn} onChange={(e) => setBandOn(e.target.checked)} />
          {t('reminder.guard.bandOn')}
        </label>
        <TextField name="priceBandPct" label={t('reminder.guard.band')} value={band} onValue={setBand} error={errors.priceBandPct} inputMode="decimal" autoComplete="off" disabled={!bandOn} />
        <label className="td-msg-check">
          <input type="checkbox" data-testid="order-guard-notional-on" checked={notionalOn} onChange={(e) => setNotionalOn(e.target.checked)} />
          {t('reminder.guard.notionalOn')}
        </label>
        <TextField name="maxNotional" label={t('reminder.guard.notional')} value={notional} onValue={setNotional} error={errors.maxNotional} inputMode="numeric" autoComplete="off" disabled={!notionalOn} />
        <button type="submit" className="td-msg-button" data-testid="order-guard-save" disabled={saving}>
          {t('reminder.guard.save')}
        </button>
      </form>
      <p className="td-msg-done" role="status" data-testid="order-guard-saved">
        {done ? t('reminder.guard.saved') : ''}
      </p>
    </section>
  );
}
