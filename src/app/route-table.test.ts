import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageRoutes, redirectRoutes, BROKER_BASE } from './route-table.ts';

const paths = new Set(pageRoutes.map((r) => r.path));
const common = (locale: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../../locales', locale, 'common.json'), 'utf8')) as {
    pages: Record<string, string>;
  };

describe('route table (spec §2)', () => {
  it('has the layout children of spec §2 with their parameters', () => {
    const expected = [
      'home', 'login', 'register', 'trading/:instrumentId',
      'wallet/overview', 'wallet/assetAccount', 'wallet/tradingAccount', 'wallet/withdraw/coin/:asset',
      'wallet/withdraw/fiat/:asset', 'wallet/recharge/coin/:asset', 'wallet/recharge/fiat/:asset',
      'wallet/address/coinAddress', 'wallet/address/fiatAddress',
      'record/coin', 'record/fiat/recharge', 'record/fiat/withdraw', 'record/transfer', 'record/spotTrade',
      'record/futureTrade', 'record/convert', 'convert/coin', 'otc/form', 'otc/form/unlogin',
      'otcinfo/avaliable', 'otcinfo/record', 'otcinfo/list', 'otcinfo/validate', 'otcinfo/recharge/fiat/:asset',
      'otcinfo/recharge/coin/:asset', 'otcinfo/withdraw/fiat/:asset', 'otcinfo/withdraw/coin/:asset',
      'otcinfo/address/coinAddress', 'otcinfo/address/fiatAddress', 'loan',
      'account/information', 'account/safe', 'account/freeze', 'account/hitory', 'account/kyc',
      'dataChart', 'h5/dataChart', 'userCenter', 'market', 'lightning', 'brokers', 'charts', 'reminder', 'message',
      'nologin/convert/coin', 'nologin/convert/fiat',
      // spec §1: the help centre.
      'help', 'help/:category', 'help/:category/:article',
      // spec §1 marketing pages.
      'about/otc', 'about/liquidity', 'about/electricity', 'about/quant',
    ];
    expect(expected.filter((p) => !paths.has(p))).toEqual([]);
  });

  it('has the broker manager pages of spec §2', () => {
    const broker = [
      'account', 'total', 'api-management', 'recharge', 'brokers-withdraw', 'broker-transfer',
      'account-detail/:brokerAccountId', 'addressList', 'messafeSetting', 'project', 'redeem', 'investment', 'api',
      'investmentChart', 'bill', 'project-detail/:projectNo', 'interest', 'assetRecord', 'operateRecord', 'assetFlow', 'profit',
    ];
    expect(broker.filter((p) => !paths.has(`${BROKER_BASE}/${p}`))).toEqual([]);
  });

  it('marks exactly the public routes of spec §2 as public', () => {
    const publicPaths = pageRoutes.filter((r) => r.public && r.layout !== 'broker').map((r) => r.path).sort();
    expect(publicPaths).toEqual(
      [
        'login', 'home', 'register', 'nologin/convert/coin', 'nologin/convert/fiat', 'trading/:instrumentId',
        'otc/form/unlogin', 'market', 'lightning', 'brokers', 'charts', 'reminder', 'message', 'dataChart', 'h5/dataChart',
        // spec §1's help centre is read before signing in, like the home page.
        'help', 'help/:category', 'help/:category/:article',
        'about/otc', 'about/liquidity', 'about/electricity', 'about/quant',
        // The freeze link of the stranger-failure mail: the link's token is its credential.
        'freeze-account',
      ].sort(),
    );
    expect(pageRoutes.find((r) => r.path === 'wallet/overview')?.public).toBe(false);
  });

  it('has the default redirects of spec §2, each to an existing page', () => {
    const to = Object.fromEntries(redirectRoutes.map((r) => [r.path, r.to]));
    expect(to).toMatchObject({
      record: 'record/coin',
      convert: 'convert/coin',
      otc: 'otc/form',
      'otcinfo/recharge': 'otcinfo/recharge/fiat/USD',
      'otcinfo/withdraw': 'otcinfo/withdraw/fiat/USD',
      [BROKER_BASE]: `${BROKER_BASE}/project`,
    });
    const patterns = pageRoutes.map((r) => new RegExp(`^${r.path.replace(/:\w+/g, '[^/]+')}$`));
    for (const r of redirectRoutes) expect(patterns.some((p) => p.test(r.to)), r.to).toBe(true);
  });

  it('names every page in both locales and has no duplicate paths', () => {
    expect(paths.size).toBe(pageRoutes.length);
    for (const locale of ['zh-HK', 'en-US']) {
      const names = common(locale).pages;
      expect(pageRoutes.filter((r) => !names[r.page]).map((r) => r.page)).toEqual([]);
    }
  });
});
