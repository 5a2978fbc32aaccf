import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { actAsync } from '../../../components/testing/act-environment.ts';
import { host, mountHost, unmountHost } from '../../../components/testing/host.ts';
import enCommon from '../../../../locales/en-US/common.json';
import enRisk from '../../../../locales/en-US/risk.json';
import zhCommon from '../../../../locales/zh-HK/common.json';
import zhRisk from '../../../../locales/zh-HK/risk.json';
import { session } from '../../../lib/session/index.ts';
import { ExchangeNotice } from './ExchangeNotice.tsx';

// The notice stays for the exchanges not traded here: Gate and Bitget show their own market, spec §1's coinex, kucoin
// and coinbaseinternational Binance's; OKX and Bybit show their own market and accounts.

afterEach(() => {
  unmountHost();
  vi.restoreAllMocks();
  session.setState({ exchangeCode: 'binance', exchangeList: [] });
});

async function mount(lng: 'en-US' | 'zh-HK') {
  const i18n = i18next.createInstance();
  await i18n.init({ resources: { 'en-US': { common: enCommon, risk: enRisk }, 'zh-HK': { common: zhCommon, risk: zhRisk } }, lng, interpolation: { escapeValue: false } });
  await actAsync(async () =>
    mountHost().render(
      <I18nextProvider i18n={i18n}>
        <ExchangeNotice />
      </I18nextProvider>,
    ),
  );
}

const exchangeList = [
  { exchangeCode: 'okx', exchangeName: 'OKX' },
  { exchangeCode: 'binance', exchangeName: 'Binance' },
];

describe('ExchangeNotice', () => {
  it.each(['binance', 'okx', 'bybit'] as const)('says nothing for %s, which has a market here', async (code) => {
    session.setState({ exchangeCode: code, exchangeList });
    await mount('en-US');
    expect(host.querySelector('[data-testid="exchange-notice"]')).toBeNull();
  });

  it.each([['gate', 'Gate'], ['bitget', 'Bitget']] as const)('says %s is not traded here and its prices are its own, in both locales', async (code, name) => {
    session.setState({ exchangeCode: code, exchangeList });
    await mount('en-US');
    expect(host.textContent).toContain(`${name}: the trading screens do not trade on this exchange yet. The prices shown are ${name}'s own`);
    expect(host.textContent).not.toContain("Binance's");
    unmountHost();
    await mount('zh-HK');
    expect(host.textContent).toContain(`交易頁面暫未支援此交易所的交易。顯示的行情來自 ${name}`);
    expect(host.querySelector('[data-testid="exchange-notice-switch"]')?.textContent).toBe('顯示我的 OKX 帳戶');
  });

  it.each(['coinex', 'kucoin', 'coinbaseinternational'] as const)('says %s has no market here, in both locales, and offers a venue that has', async (code) => {
    session.setState({ exchangeCode: code, exchangeList });
    const name = (enCommon.exchanges as Record<string, string>)[code]!;
    await mount('en-US');
    expect(host.textContent).toContain(`${name}: the trading screens do not offer this exchange yet`);
    expect(host.textContent).toContain('Show my OKX account');
    unmountHost();
    await mount('zh-HK');
    expect(host.textContent).toContain(`${name}：交易頁面暫未支援此交易所`);
    expect(host.textContent).toContain('交易所');
    const switchTo = vi.spyOn(session.actions, 'switchExchange').mockImplementation(() => {});
    host.querySelector<HTMLButtonElement>('[data-testid="exchange-notice-switch"]')!.click();
    expect(switchTo).toHaveBeenCalledWith('okx');
  });
});
