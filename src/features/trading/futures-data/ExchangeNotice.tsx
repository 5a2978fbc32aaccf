import { useTranslation } from 'react-i18next';
import { session, useSession } from '../../../lib/session/index.ts';

/**
 * The header's exchange selector lists every exchange of spec §1, but the trading screens show the accounts of
 * the exchanges the broker options list (queryBrokerOptions exchangeList; the sandbox: Binance). With another
 * exchange selected, say so plainly instead of showing Binance's balances under its name (spec §3 "User session" exchangeCode).
 */
export function ExchangeNotice() {
  const { t: tr } = useTranslation('risk');
  const { t } = useTranslation('common');
  const code = useSession((s) => s.exchangeCode);
  const list = useSession((s) => s.exchangeList);
  if (list.length === 0 || list.some((e) => e.exchangeCode === code)) return null;
  const first = list[0]!;
  return (
    <div className="td-exchange-notice" role="status" data-testid="exchange-notice" data-exchange={code}>
      <span>{tr('exchange.unsupported', { exchange: t(`exchanges.${code}`) })}</span>{' '}
      <button type="button" className="td-link" data-testid="exchange-notice-switch" onClick={() => session.actions.switchExchange(first.exchangeCode)}>
        {tr('exchange.switchTo', { exchange: first.exchangeName })}
      </button>
    </div>
  );
}
