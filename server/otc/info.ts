import { COIN_NETWORKS } from '../../contract/chains.ts';
import { OTC_ASSETS, OTC_TERMS, type OtcCalls } from '../../contract/otc.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import type { Handlers } from '../platform/contract.ts';
import { convertAsset, type DeskPricer } from '../convert/index.ts';
import { D, out } from '../platform/decimal.ts';
import { freeOf, OTC_DESK } from './desk.ts';
import { deskHours } from './hours.ts';

type InfoCalls =
  | '/institution/block/listBlockTradeConfigure'
  | '/institution/block/listUserBlockTradeConfigure'
  | '/institution/block/listBlockAsset'
  | '/institution/block/listAsset'
  | '/institution/block/listBlockAssetBalance'
  | '/institution/block/listUserAvailableMoney';

/** The desk's terms and hours, its assets, and the user's balances in them (contract/otc.ts). */
export function infoHandlers(ctx: ApiContext, pricer: DeskPricer): Pick<Handlers<OtcCalls>, InfoCalls> {
  const assetRows = () => OTC_ASSETS.map((asset) => ({ asset, type: convertAsset(asset)!.type, decimals: convertAsset(asset)!.decimals }));
  return {
    '/institution/block/listBlockTradeConfigure': async () => {
      const now = nowDate(ctx);
      const hours = deskHours(now);
      return {
        minUsd: OTC_TERMS.minUsd,
        resultMinutes: OTC_TERMS.resultMinutes,
        settlementDays: OTC_TERMS.settlementDays,
        quoteTtlMs: OTC_TERMS.quoteTtlMs,
        spread: OTC_DESK.spread.toFixed(),
        hours: {
          days: [...OTC_TERMS.days],
          openUtcHour: OTC_TERMS.openUtcHour,
          closeUtcHour: OTC_TERMS.closeUtcHour,
          open: hours.open,
          nextOpenAt: hours.nextOpenAt.toISOString(),
          nextCloseAt: hours.nextCloseAt.toISOString(),
          serverTime: now.toISOString(),
        },
      };
    },
    '/institution/block/listUserBlockTradeConfigure': async () => ({ minUsd: OTC_TERMS.minUsd, quoteLimitUsd: OTC_DESK.quoteLimitUsd.toFixed() }),
    '/institution/block/listBlockAsset': async () => assetRows(),
    '/institution/block/listAsset': async () =>
      assetRows().map((row) => ({ ...row, networks: [...new Set(COIN_NETWORKS.filter((n) => n.asset === row.asset).map((n) => n.network))] })),
    '/institution/block/listBlockAssetBalance': async ({ auth }) => {
      const held = await freeOf(ctx.db, auth.user.id);
      return OTC_ASSETS.map((asset) => {
        const row = held.get(asset);
        const available = row?.free ?? new D(0);
        return { asset, available: out(available), held: out(row?.locked ?? new D(0)), usdValue: out(pricer.holdingUsd(asset, available), 2) };
      });
    },
    '/institution/block/listUserAvailableMoney': async ({ auth }) => {
      const rows = await freeOf(ctx.db, auth.user.id);
      let total = new D(0);
      const list = OTC_ASSETS.map((asset) => {
        const available = rows.get(asset)?.free ?? new D(0);
        const usdValue = pricer.holdingUsd(asset, available);
        total = total.add(usdValue);
        return { asset, available: out(available), usdValue: out(usdValue, 2) };
      });
      return { list, totalUsd: out(total, 2) };
    },
  };
}
