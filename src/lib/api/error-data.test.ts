import { describe, expect, it } from 'vitest';
import { Code } from '../../../contract/codes.ts';
import { ApiError } from './api-error.ts';
import { errorData } from './error-data.ts';

const refusal = (code: number, data: unknown) => new ApiError({ kind: 'business', message: 'm', code, data, path: '/p' });

describe('errorData', () => {
  it('gives the payload of a refusal of the code asked for, typed by the contract', () => {
    const data = errorData(refusal(Code.loanLtvTooHigh, { ltv: '0.8', initialLtv: '0.65' }), Code.loanLtvTooHigh);
    expect(data?.ltv).toBe('0.8');
    expect(data?.initialLtv).toBe('0.65');
  });

  it('is null for a refusal of another code', () => {
    expect(errorData(refusal(Code.loanState, { status: 3 }), Code.loanLtvTooHigh)).toBeNull();
  });

  it('is null for what is not an API error', () => {
    expect(errorData(new Error('x'), Code.badRequest)).toBeNull();
    expect(errorData({ code: Code.badRequest, data: { field: 'a', rule: 'b' } }, Code.badRequest)).toBeNull();
    expect(errorData(undefined, Code.badRequest)).toBeNull();
  });

  it('is null when the payload is not an object (null data, a malformed reply)', () => {
    expect(errorData(refusal(Code.codeExpired, null), Code.codeExpired)).toBeNull();
    expect(errorData(refusal(Code.badRequest, 'text'), Code.badRequest)).toBeNull();
    expect(errorData(refusal(Code.withdrawRestricted, [1, 2]), Code.withdrawRestricted)).toBeNull();
  });
});
