import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../contract/codes.ts';
import { ApiError } from '../../lib/api/index.ts';
import { describeConvertError } from './errors.ts';

// The key and its values, so the mapping is checked without the translations (locale-keys.test.ts checks those).
const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction;
const refusal = (code: number, data: unknown = null) => new ApiError({ kind: 'business', message: 'server words', code, msg: 'server words', data, path: '/institution/quote' });

describe('describeConvertError', () => {
  it('marks an expired or used quote and reloads the pairs or permissions it names', () => {
    expect(describeConvertError(t, refusal(Code.quoteExpired))).toEqual({ field: null, message: 'convert:errors.quoteExpired', effect: 'expired', help: 'convert/quotes' });
    expect(describeConvertError(t, refusal(Code.quoteUsed)).effect).toBe('used');
    const pair = describeConvertError(t, refusal(Code.pairDisabled, { fromAsset: 'BTC', toAsset: 'USDT' }));
    expect(pair).toMatchObject({ effect: 'pairs', message: 'convert:errors.pairDisabled {"from":"BTC","to":"USDT"}' });
    for (const code of [Code.kycState, Code.gaState, Code.frozen, Code.serviceSuspended]) expect(describeConvertError(t, refusal(code)).effect).toBe('permissions');
    expect(describeConvertError(t, refusal(Code.kycState, { level: 'advanced' })).message).toBe('convert:errors.kycAdvanced');
  });

  it('puts amount refusals beside the amount they are about', () => {
    const range = describeConvertError(t, refusal(Code.amountOutOfRange, { field: 'fromAmount', asset: 'BTC', min: '0.0001', max: '50' }));
    expect(range).toMatchObject({ field: 'fromAmount', message: 'convert:errors.outOfRange {"min":"0.0001","max":"50","asset":"BTC"}' });
    const computed = describeConvertError(t, refusal(Code.amountOutOfRange, { field: 'toAmount', asset: 'BTC', min: '0.0001', max: '50', fromAmount: '60.5' }), 'to');
    expect(computed.field).toBe('toAmount');
    // Both link to the article on convert limits (spec §1 help centre).
    expect([range.help, computed.help]).toEqual(['convert/limits', 'convert/limits']);
    expect(computed.message).toContain('"fromAmount":"60.5"');
    expect(describeConvertError(t, refusal(Code.insufficientBalance, { asset: 'BTC', available: '5.25' })).field).toBe('fromAmount');
    expect(describeConvertError(t, refusal(Code.insufficientBalance, { asset: 'BTC', available: '5.25' })).shortOf).toBe('BTC');
    expect(describeConvertError(t, refusal(Code.quoteUnavailable), 'to').field).toBe('toAmount');
    expect(describeConvertError(t, refusal(Code.badRequest, { field: 'toAmount', rule: 'decimals' })).field).toBe('toAmount');
  });

  it("says the day's limit with what is left and when it resets, in the spec's words", () => {
    const limit = describeConvertError(t, refusal(Code.quoteLimitExceeded, { remainingUsd: '1200.5', resetsAt: '2026-11-25T16:00:00.000Z' }));
    expect(limit.field).toBeNull();
    expect(limit.message).toMatch(/^convert:errors\.quoteLimit .*"remaining":"1,200\.50"/);
  });
});
