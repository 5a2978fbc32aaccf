import Decimal from 'decimal.js';
import { useEffect, useMemo, useState } from 'react';
import type { Pair } from '../../market/index.ts';
import { tradeApi } from '../futures-data/trade-api.ts';

/** The sandbox's USD-M taker rate until the fee query answers (spec §7 fee/query). */
const DEFAULT_TAKER_FEE = '0.0005';

export interface TakerFee {
  rate: Decimal;
  /** The fee query failed (spec §8 "Fee Retrieval Failed"): the ticket holds its submit until `retry` answers. */
  failed: boolean;
  retry: () => void;
}

/** A USD-M pair's taker fee rate for the ticket's estimates (spec §7 fee/query), with its failure and a retry. */
export function useTakerFee(pair: Pair, keyId: string | null): TakerFee {
  const [rate, setRate] = useState(DEFAULT_TAKER_FEE);
  // Which pair and key the last query failed for: a retry keeps the hold until it answers.
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const queried = pair.market === 'usdm' && keyId ? `${keyId}:${pair.symbol}` : null;
  useEffect(() => {
    if (pair.market !== 'usdm' || !keyId) return;
    let alive = true;
    const key = `${keyId}:${pair.symbol}`;
    tradeApi.fees(keyId, pair.symbol).then(
      (rows) => {
        if (!alive) return;
        if (rows[0]) setRate(rows[0].takerFeeRate);
        setFailedFor(null);
      },
      () => alive && setFailedFor(key),
    );
    return () => {
      alive = false;
    };
  }, [pair.market, pair.symbol, keyId, attempt]);
  const value = useMemo(() => new Decimal(rate), [rate]);
  return { rate: value, failed: queried !== null && failedFor === queried, retry: () => setAttempt((n) => n + 1) };
}
