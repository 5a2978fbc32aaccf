import { useTranslation } from 'react-i18next';
import { session, useSession } from '../../../lib/session/index.ts';
import { isMarketVenue } from '../../../market/index.ts';

/**
 * The header's exchange selector lists every exchange of spec §1; the screens show the market and the accounts of
 * the exchanges with a market here (MARKET_VENUES: binance, okx, bybit). With another exchange selected (coinex, gate,
 * bitget, kucoin, coinbaseinternational) the prices are Binance's and no account of that exchange is listed: say so
 * plainly instead of showing them under its name (spec §3 "User session" exchangeCode), and offer a venue that has one.
 */
export function ExchangeNotice() {
  const { t: tr } = useTranslation('risk');
  const { t } = useTranslation('common');
  const code = useSession((s) => s.exchangeCode);
  const list = useSession((s) => s.exchangeList);
  if (isMarketVenue(code)) return null;
  const target = list.find((e) => isMarketVenue(e.exchangeCode))?.exchangeCode ?? 'binance';
  return (
    <div className="td-exchange-notice" role="status" data-testid="exchange-notice" data-exchange={code}>
      <span>{tr('exchange.unsupported', { exchange: t(`exchanges.${code}`) })}</span>{' '}
      <button type="button" className="td-link" data-testid="exchange-notice-switch" onClick={() => session.actions.switchExchange(target)}>
        {tr('exchange.switchTo', { exchange: t(`exchanges.${target}`) })}
      </button>
    </div>
  );
}
