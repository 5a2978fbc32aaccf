import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/index.ts';
import { failureField, failureText } from './failure.ts';

describe('broker failure texts', () => {
  it("shows an error's message without its class name", () => {
    expect(failureText(new Error('請輸入有效的電郵地址。'))).toBe('請輸入有效的電郵地址。');
    expect(failureText('x')).toBe('x');
  });
  it('reads the field a 400 names', () => {
    const refused = new ApiError({ kind: 'business', message: 'bad ip', code: 400, data: { field: 'ipList', rule: 'format' }, path: '/broker/exchangeKey/insertBrokerExchangeKey' });
    expect(failureText(refused)).toBe('bad ip');
    expect(failureField(refused)).toEqual({ field: 'ipList', rule: 'format' });
    expect(failureField(new Error('x'))).toBeNull();
  });
});
