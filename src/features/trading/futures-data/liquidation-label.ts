/**
 * spec §4 "Liquidation labels": buy/sell take_over → force close, buy/sell position_reduction → reduce
 * position; otherwise the plain direction label. Returns a key of the `orders` namespace.
 */
export type LiquidationType = 'take_over' | 'position_reduction' | null | undefined;

export function directionLabelKey(direction: 'buy' | 'sell', liquidationType: LiquidationType): string {
  if (liquidationType === 'take_over') return direction === 'buy' ? 'directions.buyForceClose' : 'directions.sellForceClose';
  if (liquidationType === 'position_reduction') return direction === 'buy' ? 'directions.buyReducePosition' : 'directions.sellReducePosition';
  return direction === 'buy' ? 'directions.buy' : 'directions.sell';
}
