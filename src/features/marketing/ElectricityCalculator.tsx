import './locale.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDateTime, formatQuantity, parseAmount } from '../../lib/format/index.ts';
import { Field, TextField } from '../../components/form/index.ts';
import { marketingApi } from './api.ts';
import { checkBillInput, electricityBill, type LivePrices, type Tariff } from './electricity.ts';

/** The live BTC price is read again this often while the page is open. */
const PRICE_REFRESH_MS = 30_000;

interface Priced extends LivePrices {
  at: string;
}

/** Live prices of one BTC in USD and HKD: the public convert quote's market price (before the desk's spread). */
function useBtcPrices(): { prices: Priced | null; failed: boolean } {
  const [prices, setPrices] = useState<Priced | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const load = () =>
      Promise.all([
        marketingApi.convertQuote({ fromAsset: 'BTC', toAsset: 'USD', fromAmount: '1' }),
        marketingApi.convertQuote({ fromAsset: 'BTC', toAsset: 'HKD', fromAmount: '1' }),
      ]).then(
        ([usd, hkd]) => {
          if (!live) return;
          setPrices({ usdPerBtc: usd.marketPrice, hkdPerBtc: hkd.marketPrice, at: usd.serverTime });
          setFailed(false);
        },
        () => live && setFailed(true),
      );
    void load();
    const timer = setInterval(() => void load(), PRICE_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  return { prices, failed };
}

/** spec §1 electricity payment: kWh × tariff → the bill in USD, HKD and BTC at the live price (electricity.ts). */
export function ElectricityCalculator() {
  const { t } = useTranslation('marketing');
  const [kwh, setKwh] = useState('120000');
  const [rate, setRate] = useState('0.065');
  const [tariff, setTariff] = useState<Tariff>('USD');
  const { prices, failed } = useBtcPrices();
  const issues = checkBillInput(kwh, rate);
  const ok = !issues.kwh && !issues.rate;
  const bill = ok && prices ? electricityBill(parseAmount(kwh)!, parseAmount(rate)!, tariff, prices) : null;
  const issue = (key: string | undefined) => (key ? t(`electricity.calculator.errors.${key}`) : undefined);

  return (
    <section className="td-mk-panel td-mk-calculator" aria-labelledby="electricity-calculator" data-testid="electricity-calculator">
      <h2 id="electricity-calculator">{t('electricity.calculator.title')}</h2>
      <form className="td-mk-calc-form" onSubmit={(e) => e.preventDefault()}>
        <TextField name="kwh" label={t('electricity.calculator.kwh')} inputMode="decimal" autoComplete="off" value={kwh} onValue={setKwh} error={issue(issues.kwh)} />
        <TextField name="rate" label={t('electricity.calculator.rate', { currency: tariff })} inputMode="decimal" autoComplete="off" value={rate} onValue={setRate} error={issue(issues.rate)} />
        <Field name="tariff" label={t('electricity.calculator.currency')}>
          {(aria) => (
            <select {...aria} value={tariff} onChange={(e) => setTariff(e.target.value === 'HKD' ? 'HKD' : 'USD')} data-testid="input-tariff">
              <option value="USD">{t('electricity.calculator.usd')}</option>
              <option value="HKD">{t('electricity.calculator.hkd')}</option>
            </select>
          )}
        </Field>
      </form>
      <div className="td-mk-result" aria-live="polite" data-testid="electricity-result" data-state={bill ? 'done' : failed ? 'failed' : ok ? 'loading' : 'invalid'}>
        <dl className="td-mk-facts td-mk-bill">
          <dt>{t('electricity.calculator.inUsd')}</dt>
          <dd data-testid="bill-usd">{bill ? t('electricity.calculator.usdValue', { value: formatAmount(bill.usd, 2) }) : '--'}</dd>
          <dt>{t('electricity.calculator.inHkd')}</dt>
          <dd data-testid="bill-hkd">{bill ? t('electricity.calculator.hkdValue', { value: formatAmount(bill.hkd, 2) }) : '--'}</dd>
          <dt>{t('electricity.calculator.inBtc')}</dt>
          <dd data-testid="bill-btc">{bill ? t('electricity.calculator.btcValue', { value: formatAmount(bill.btc, 8) }) : '--'}</dd>
        </dl>
        {prices ? (
          <p className="td-mk-muted" data-testid="bill-price" data-usd-per-btc={prices.usdPerBtc} data-hkd-per-btc={prices.hkdPerBtc}>
            {t('electricity.calculator.price', { usd: formatQuantity(prices.usdPerBtc), hkd: formatQuantity(prices.hkdPerBtc), time: formatDateTime(prices.at, { zone: true }) })}
          </p>
        ) : failed ? (
          <p className="td-form-message td-form-message-error">{t('electricity.calculator.priceFailed')}</p>
        ) : (
          <p className="td-mk-muted">{t('electricity.calculator.loading')}</p>
        )}
        <p className="td-mk-muted">{t('electricity.calculator.note')}</p>
      </div>
    </section>
  );
}
