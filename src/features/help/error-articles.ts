import { Code } from '../../../contract/codes.ts';
import type { HelpArticleId } from '../../../contract/help-rules.ts';

/** Where a refusal happened: the same code can be explained by a different article (a range in convert or in a withdrawal). */
export type HelpArea = 'withdraw' | 'fiatWithdraw' | 'deposit' | 'fiatDeposit' | 'address' | 'convert' | 'account';

const ANY_AREA: Partial<Record<number, HelpArticleId>> = {
  // spec §8 lockout messages, wrong and spent codes, code-send limits.
  [Code.loginFailed]: 'security/password-lockouts',
  [Code.locked]: 'security/password-lockouts',
  [Code.codeWrong]: 'security/password-lockouts',
  [Code.codeExpired]: 'security/password-lockouts',
  [Code.sendLimited]: 'security/password-lockouts',
  [Code.stepUpPasswordWrong]: 'security/password-lockouts',
  [Code.oldPasswordWrong]: 'security/password-lockouts',
  [Code.gaWrong]: 'security/google-authenticator',
  [Code.gaState]: 'security/google-authenticator',
  [Code.gaResetNotBound]: 'security/lost-authenticator',
  [Code.gaResetPending]: 'security/lost-authenticator',
  [Code.frozen]: 'security/freeze-account',
  // spec §8 "Insufficient Balance (offers Go to Deposit)".
  [Code.insufficientBalance]: 'recharge/how-to-deposit',
  // spec §8 withdrawal restriction messages, whitelist error, service suspended.
  [Code.withdrawRestricted]: 'withdraw/restrictions',
  [Code.whitelistOnly]: 'withdraw/address-book-whitelist',
  [Code.addressLocked]: 'withdraw/address-book-whitelist',
  [Code.addressExists]: 'withdraw/address-book-whitelist',
  [Code.whitelistCoolingOff]: 'withdraw/address-book-whitelist',
  [Code.amountBelowFee]: 'withdraw/fees-and-limits',
  // spec §8 'Bank Code Not Found'.
  [Code.bankCodeNotFound]: 'withdraw/fiat-withdrawal',
  // spec §8 'Quote limit exceeded: contact the operations manager', trade pair suspended.
  [Code.quoteExpired]: 'convert/quotes',
  [Code.quoteUsed]: 'convert/quotes',
  [Code.pairDisabled]: 'convert/limits',
  [Code.quoteLimitExceeded]: 'convert/limits',
  [Code.quoteUnavailable]: 'convert/convert-or-otc',
};

const BY_AREA: Partial<Record<number, Partial<Record<HelpArea, HelpArticleId>>>> = {
  // spec §8 "KYC not done": what the level unlocks is in each area's first article.
  [Code.kycState]: {
    withdraw: 'withdraw/how-to-withdraw',
    fiatWithdraw: 'withdraw/fiat-withdrawal',
    deposit: 'recharge/how-to-deposit',
    fiatDeposit: 'recharge/fiat-deposit',
    convert: 'convert/what-is-convert',
  },
  [Code.amountOutOfRange]: {
    withdraw: 'withdraw/fees-and-limits',
    fiatWithdraw: 'withdraw/fiat-withdrawal',
    fiatDeposit: 'recharge/fiat-deposit',
    convert: 'convert/limits',
  },
  // The withdrawal limit of the rolling 24 hours, coin or fiat.
  [Code.withdrawDailyLimit]: { withdraw: 'withdraw/fees-and-limits', fiatWithdraw: 'withdraw/fiat-withdrawal' },
  // spec §8 "Service suspended for deposit, withdrawal and convert".
  [Code.serviceSuspended]: { withdraw: 'withdraw/restrictions', fiatWithdraw: 'withdraw/restrictions', convert: 'convert/limits' },
};

/** The article that explains a refusal with this reply code in this area, if one does. */
export function helpArticleFor(code: number | undefined, area: HelpArea): HelpArticleId | undefined {
  if (code === undefined) return undefined;
  return BY_AREA[code]?.[area] ?? ANY_AREA[code];
}
