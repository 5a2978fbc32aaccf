import { useTranslation } from 'react-i18next';
import { session, useSession } from '../../../lib/session/index.ts';
import { isMarketVenue, isTradingVenue } from '../../../market/index.ts';

/**
 * The header's exchange selector lists every exchange of spec §1; the screens show the market and the accounts of
 * the exchanges traded here (TRADING_VENUES: binance, okx, bybit). Gate and Bitget show their own market (MARKET_VENUES)
 * but no account of them is listed; with another exchange selected (coinex, kucoin, coinbaseinternational) the prices
 * are Binance's too. Say so plainly instead of showing them under its name (spec §3 "User session" exchangeCode), and
 * offer a venue that is traded here.
 */
export function ExchangeNotice() {
  const { t: tr } = useTranslation('risk');
  const { t } = useTranslation('common');
  const code = useSession((s) => s.exchangeCode);
  const list = useSession((s) => s.exchangeList);
  if (isTradingVenue(code)) return null;
  const target = list.find((e) => isTradingVenue(e.exchangeCode))?.exchangeCode ?? 'binance';
  const says = isMarketVenue(code) ? 'exchange.marketOnly' : 'exchange.unsupported';
  return (
    <div className="td-exchange-notice" role="status" data-testid="exchange-notice" data-exchange={code}>
      <span>{tr(says, { exchange: t(`exchanges.${code}`) })}</span>{' '}
      <button type="button" className="td-link" data-testid="exchange-notice-switch" onClick={() => session.actions.switchExchange(target)}>
        {tr('exchange.switchTo', { exchange: t(`exchanges.${target}`) })}
      </button>
    </div>
  );
}
