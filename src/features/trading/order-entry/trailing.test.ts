import { describe, expect, it } from 'vitest';
import { validateTrailing } from './trailing.ts';

describe('validateTrailing (USD-M trailing stop fields)', () => {
  it('takes a callback rate of 0.1 to 10 % in steps of 0.1 and an optional activation price at the tick', () => {
    const ok = validateTrailing('0.01', { callbackRate: '1.5', activationPrice: '' });
    expect(ok.errors).toEqual({});
    expect(ok.callbackRate!.toFixed()).toBe('1.5');
    expect(ok.activationPrice).toBeNull();
    expect(validateTrailing('0.01', { callbackRate: '10', activationPrice: '3000.12' }).activationPrice!.toFixed()).toBe('3000.12');
  });

  it('refuses a rate outside the range, a rate finer than 0.1, none at all, and an activation price off the tick', () => {
    expect(validateTrailing('0.01', { callbackRate: '12', activationPrice: '' }).errors.callbackRate?.key).toBe('errors.callbackRange');
    expect(validateTrailing('0.01', { callbackRate: '0.05', activationPrice: '' }).errors.callbackRate).toBeDefined();
    expect(validateTrailing('0.01', { callbackRate: '', activationPrice: '' }).errors.callbackRate?.key).toBe('errors.required');
    expect(validateTrailing('0.01', { callbackRate: '1', activationPrice: '3000.123' }).errors.activationPrice).toBeDefined();
  });
});
