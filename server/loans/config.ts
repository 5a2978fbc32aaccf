import type Decimal from 'decimal.js';
import { COLLATERAL_ASSETS, LOAN_ASSETS, type CollateralAsset, type LoanAsset } from '../../contract/loan-rules.ts';
import { D } from '../platform/decimal.ts';

/**
 * The sandbox's loan desk (server/README.md "Loans"). A loan's rates and LTV levels are copied
 * onto it when it is made, so a later change of this table does not change a running loan.
 */

export interface LoanAssetConfig {
  asset: LoanAsset;
  /** Decimals an amount of it carries (USDT's and USDC's smallest network precision). */
  decimals: number;
  minAmount: Decimal;
  maxAmount: Decimal;
  /** Interest per hour on the principal outstanding: 0.0008 % an hour is about 7 % a year. */
  hourlyRate: Decimal;
  /** Per hour once the term has ended (spec §4 state 3, overdue). */
  lateHourlyRate: Decimal;
}

export interface CollateralConfig {
  asset: CollateralAsset;
  decimals: number;
  /** At most this LTV when borrowing or taking collateral back. */
  initialLtv: Decimal;
  /** At or above: the margin call (add collateral or repay). */
  marginCallLtv: Decimal;
  /** At or above: the collateral is sold (spec §4 state 4, then 5). */
  liquidationLtv: Decimal;
}

export const LOAN_ASSET_CONFIG: Record<LoanAsset, LoanAssetConfig> = {
  USDT: { asset: 'USDT', decimals: 6, minAmount: new D('100'), maxAmount: new D('5000000'), hourlyRate: new D('0.000008'), lateHourlyRate: new D('0.00003') },
  USDC: { asset: 'USDC', decimals: 6, minAmount: new D('100'), maxAmount: new D('5000000'), hourlyRate: new D('0.0000085'), lateHourlyRate: new D('0.00003') },
};

export const COLLATERAL_CONFIG: Record<CollateralAsset, CollateralConfig> = {
  BTC: { asset: 'BTC', decimals: 8, initialLtv: new D('0.65'), marginCallLtv: new D('0.75'), liquidationLtv: new D('0.83') },
  ETH: { asset: 'ETH', decimals: 8, initialLtv: new D('0.6'), marginCallLtv: new D('0.72'), liquidationLtv: new D('0.8') },
};

export const LOAN_DESK = {
  /** Of the debt, when collateral is sold in a liquidation. */
  liquidationFee: new D('0.02'),
  /** An overdue loan unpaid this many hours after its due time is liquidated. */
  overdueGraceHours: 72,
};

for (const a of LOAN_ASSETS) if (!LOAN_ASSET_CONFIG[a]) throw new Error(`loan asset ${a} has no configuration`);
for (const c of COLLATERAL_ASSETS) if (!COLLATERAL_CONFIG[c]) throw new Error(`collateral ${c} has no configuration`);
