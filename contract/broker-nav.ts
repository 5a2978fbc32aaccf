import Decimal from 'decimal.js';

/**
 * Net asset value per unit of a broker project (server/broker/README.md "Performance and overview"; shared design
 * "The model"), shared by the sandbox (server/broker/projects) and the app (previews, charts). Plain values and
 * decimal.js only, so the app may import this at run time (contract/bundle-boundary.test.ts).
 *
 * - NAV per unit = net asset / units, net asset = gross asset − interest payable − profit payable; 1 while no unit
 *   is out. Rounded half-up to NAV_DECIMALS.
 * - A capital increase buys amount / NAV units, rounded DOWN to UNIT_DECIMALS; a decrease pays units × NAV rounded
 *   DOWN to AMOUNT_DECIMALS. The sandbox prices flows at the exact ratio net / units (`exactNav`), of which the
 *   published NAV is the rounding: both residues then stay in the fund, so the exact NAV never drops at a flow (it
 *   rises by far less than 1e-8) and the published NAV stays put; a deposit is never shown as profit. (Priced at the
 *   rounded NAV instead, a redemption could take up to units × 5e-9 more than its share and tip the published NAV
 *   down by 1e-8.)
 *
 * Computed at 40 significant digits whatever the caller's decimal.js settings.
 */
export const NAV_DECIMALS = 8;
export const UNIT_DECIMALS = 8;
/** Amounts paid out (USDT) are cut to this many decimals. */
export const AMOUNT_DECIMALS = 8;

const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
const ONE = new Dec(1);

/** The NAV per unit of a net asset spread over `units`; 1 when no unit is out (or the net asset is not positive and units are 0). */
export function navPerUnit(netAsset: Decimal.Value, units: Decimal.Value): Decimal {
  const u = new Dec(units);
  if (u.lte(0)) return ONE;
  const nav = new Dec(netAsset).div(u).toDecimalPlaces(NAV_DECIMALS, Decimal.ROUND_HALF_UP);
  return nav;
}

/** The exact NAV per unit (40 significant digits, not rounded): what flows are priced at; 1 when no unit is out. */
export function exactNav(netAsset: Decimal.Value, units: Decimal.Value): Decimal {
  const u = new Dec(units);
  return u.lte(0) ? ONE : new Dec(netAsset).div(u);
}

/** The net asset: gross asset less the two liabilities (interest accrued unpaid, performance fee accrued unwithdrawn). */
export function netAssetOf(grossAsset: Decimal.Value, interestPayable: Decimal.Value, profitPayable: Decimal.Value): Decimal {
  return new Dec(grossAsset).sub(interestPayable).sub(profitPayable);
}

/** Units a capital increase of `amount` buys at `nav`: rounded down to UNIT_DECIMALS. */
export function unitsFor(amount: Decimal.Value, nav: Decimal.Value): Decimal {
  const n = new Dec(nav);
  if (n.lte(0)) throw new RangeError('The NAV must be positive');
  return new Dec(amount).div(n).toDecimalPlaces(UNIT_DECIMALS, Decimal.ROUND_DOWN);
}

/** What redeeming `units` at `nav` pays: rounded down to AMOUNT_DECIMALS. */
export function redeemAmount(units: Decimal.Value, nav: Decimal.Value): Decimal {
  return new Dec(units).mul(nav).toDecimalPlaces(AMOUNT_DECIMALS, Decimal.ROUND_DOWN);
}

/**
 * Units to redeem for an amount asked for at `nav`: the fewest units whose redeemAmount reaches the amount
 * (rounded UP to UNIT_DECIMALS), so the investor gets at least what was asked; the caller caps it at the holding.
 */
export function unitsForRedemption(amount: Decimal.Value, nav: Decimal.Value): Decimal {
  const n = new Dec(nav);
  if (n.lte(0)) throw new RangeError('The NAV must be positive');
  return new Dec(amount).div(n).toDecimalPlaces(UNIT_DECIMALS, Decimal.ROUND_UP);
}

/**
 * The principal (cost) that leaves with `units` of a holding of `holdingUnits` and `principal`: pro rata, rounded
 * down to 8 decimals; all of it when the whole holding leaves.
 */
export function principalShare(units: Decimal.Value, holdingUnits: Decimal.Value, principal: Decimal.Value): Decimal {
  const u = new Dec(units);
  const h = new Dec(holdingUnits);
  if (u.gte(h)) return new Dec(principal);
  if (h.lte(0)) return new Dec(0);
  return new Dec(principal).mul(u).div(h).toDecimalPlaces(AMOUNT_DECIMALS, Decimal.ROUND_DOWN);
}
