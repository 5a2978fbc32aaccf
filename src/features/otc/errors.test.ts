import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../contract/codes.ts';
import { ApiError } from '../../lib/api/index.ts';
import { belowMinimumValue, describeOtcError } from './errors.ts';

// The key and its values, so the mapping is checked without the translations (locale-keys.test.ts checks those).
const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction;
const refusal = (code: number, data: unknown = null) => new ApiError({ kind: 'business', message: 'server words', code, msg: 'server words', data, path: '/institution/block/quote' });

describe('describeOtcError', () => {
  it('puts the minimum beside the typed amount, with what this amount is worth', () => {
    const below = describeOtcError(t, refusal(Code.otcBelowMinimum, { minUsd: '200000', usdValue: '94905.12' }), 'to');
    expect(below).toEqual({ field: 'toAmount', message: 'otc:errors.belowMinimum {"min":"200,000","value":"94,905.12"}', effect: null });
    expect(belowMinimumValue(refusal(Code.otcBelowMinimum, { minUsd: '200000', usdValue: '94905.12' }))).toBe('94905.12');
    expect(belowMinimumValue(refusal(Code.quoteExpired))).toBeNull();
  });

  it('says when a closed desk opens, in the person’s zone and in UTC, and reads the terms again', () => {
    const closed = describeOtcError(t, refusal(Code.otcClosed, { nextOpenAt: '2026-11-30T00:00:00.000Z' }));
    expect(closed.effect).toBe('terms');
    expect(closed.field).toBeNull();
    expect(closed.message).toMatch(/^otc:terms\.sentences .*"first":"otc:errors\.closed".*otc:terms\.opensAt.*2026-11-30 00:00 UTC/);
  });

  it('says the quote limit in the spec’s words with the user’s limit', () => {
    expect(describeOtcError(t, refusal(Code.quoteLimitExceeded, { quoteLimitUsd: '10000000' })).message).toBe('otc:errors.quoteLimit {"limit":"10,000,000"}');
  });

  it('marks an expired or used quote and reloads the permissions a KYC or freeze refusal names', () => {
    expect(describeOtcError(t, refusal(Code.quoteExpired)).effect).toBe('expired');
    expect(describeOtcError(t, refusal(Code.quoteUsed)).effect).toBe('used');
    expect(describeOtcError(t, refusal(Code.kycState, { level: 'advanced' }))).toEqual({ field: null, message: 'otc:errors.kycAdvanced', effect: 'permissions' });
    expect(describeOtcError(t, refusal(Code.frozen)).effect).toBe('permissions');
  });

  it('names the state an order is in when it can no longer be cancelled, and the balance beside the amount', () => {
    expect(describeOtcError(t, refusal(Code.otcOrderState, { status: 'pendingSettlement' })).message).toBe('otc:errors.orderState {"status":"otc:status.pendingSettlement"}');
    expect(describeOtcError(t, refusal(Code.insufficientBalance, { asset: 'USDT', available: '100' })).field).toBe('fromAmount');
    expect(describeOtcError(t, refusal(Code.badRequest, { field: 'toAmount', rule: 'decimals' })).field).toBe('toAmount');
  });
});
