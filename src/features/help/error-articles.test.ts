import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../contract/codes.ts';
import { HELP_ARTICLE_IDS } from '../../../contract/help-rules.ts';
import { ApiError } from '../../lib/api/index.ts';
import { describeWalletError } from '../wallet/shared.ts';
import { helpArticleFor, type HelpArea } from './error-articles.ts';

// Context help (spec §1 help centre): the refusals of spec §8 that an article explains link to it, by area
// where the same code means different limits (a range in convert is not a withdrawal's).
const t = ((key: string) => key) as unknown as TFunction;
const refusal = (code: number, data: unknown = null) => new ApiError({ kind: 'business', message: 'server words', code, msg: 'server words', data, path: '/x' });
const AREAS: HelpArea[] = ['withdraw', 'fiatWithdraw', 'deposit', 'fiatDeposit', 'address', 'convert', 'account'];

describe('help articles of refusals', () => {
  it('links the spec §8 messages that have an article, in every area', () => {
    const everywhere: Array<[number, string]> = [
      [Code.insufficientBalance, 'recharge/how-to-deposit'],
      [Code.whitelistOnly, 'withdraw/address-book-whitelist'],
      [Code.withdrawRestricted, 'withdraw/restrictions'],
      [Code.locked, 'security/password-lockouts'],
      [Code.bankCodeNotFound, 'withdraw/fiat-withdrawal'],
      [Code.quoteLimitExceeded, 'convert/limits'],
      [Code.pairDisabled, 'convert/limits'],
      [Code.frozen, 'security/freeze-account'],
      [Code.gaState, 'security/google-authenticator'],
    ];
    for (const area of AREAS) for (const [code, article] of everywhere) expect(helpArticleFor(code, area), `${code} in ${area}`).toBe(article);
  });

  it('chooses the article of the area for a range, KYC or a suspended service', () => {
    expect(helpArticleFor(Code.amountOutOfRange, 'withdraw')).toBe('withdraw/fees-and-limits');
    expect(helpArticleFor(Code.amountOutOfRange, 'fiatWithdraw')).toBe('withdraw/fiat-withdrawal');
    expect(helpArticleFor(Code.amountOutOfRange, 'fiatDeposit')).toBe('recharge/fiat-deposit');
    expect(helpArticleFor(Code.amountOutOfRange, 'convert')).toBe('convert/limits');
    expect(helpArticleFor(Code.kycState, 'deposit')).toBe('recharge/how-to-deposit');
    expect(helpArticleFor(Code.kycState, 'convert')).toBe('convert/what-is-convert');
    expect(helpArticleFor(Code.serviceSuspended, 'withdraw')).toBe('withdraw/restrictions');
  });

  it('links nothing where no article explains the refusal', () => {
    expect(helpArticleFor(Code.serverError, 'withdraw')).toBeUndefined();
    expect(helpArticleFor(Code.uploadQuota, 'account')).toBeUndefined();
    expect(helpArticleFor(undefined, 'convert')).toBeUndefined();
    expect(helpArticleFor(Code.amountOutOfRange, 'account')).toBeUndefined();
  });

  it('reaches the forms through the wallet describer (convert/errors.test.ts for convert)', () => {
    expect(describeWalletError(t, refusal(Code.whitelistOnly))).toMatchObject({ field: 'address', help: 'withdraw/address-book-whitelist' });
    expect(describeWalletError(t, refusal(Code.gaState))).toMatchObject({ field: null, help: 'security/google-authenticator' });
    expect(describeWalletError(t, refusal(Code.amountOutOfRange, { min: '10', max: '20' }), {}, 'fiatWithdraw').help).toBe('withdraw/fiat-withdrawal');
    expect(describeWalletError(t, refusal(Code.locked, { reason: 'gaCode', errorCount: 5, wait: { days: 1, hours: 0, minutes: 0 } })).help).toBe('security/password-lockouts');
    expect(HELP_ARTICLE_IDS).toContain(describeWalletError(t, refusal(Code.amountBelowFee, { fee: '1' })).help);
  });
});
