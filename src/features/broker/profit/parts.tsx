import { formatAssetAmount } from '../../../lib/format/index.ts';
import type { ProfitApplication } from './api.ts';

/** USDT at its precision, with the asset (glossary "Numbers"). */
export const usdt = (value: string) => `${formatAssetAmount(value, 'USDT')} USDT`;

/** An amount asked for: positive, at most 18 integer digits; the 8 decimals are checked beside it. */
export const AMOUNT = /^(0|[1-9]\d{0,17})(\.\d{1,8})?$/;

export type { FactorField } from '../money/shared.tsx';

/** Where an application's money goes (or, for a transfer in, comes from). */
export function legsText(t: (key: string) => string, row: ProfitApplication): string {
  return row.legs.map((l) => `${l.subAccountName} · ${t(`broker:wallets.${l.wallet}`)}${row.legs.length > 1 ? ` ${l.percent !== null ? `${l.percent}%` : usdt(l.amount)}` : ''}`).join('; ');
}
