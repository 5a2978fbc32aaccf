import type { BrokerCodeType } from '../../contract/broker-funds-rules.ts';
import { checkCode } from '../identity/codes.ts';
import type { Operation } from '../identity/operations.ts';
import type { ApiContext } from '../platform/context.ts';
import { badInput } from '../platform/envelope.ts';
import type { Auth } from '../identity/sessions.ts';
import { checkGa } from '../identity/totp.ts';

/**
 * The second factor of a money call (spec §6: anything that spends money): an e-mail code of the call's own business
 * type sent to the caller's e-mail (fundTransfer/invokeEmailValidation), and the current Google code when an
 * authenticator is bound. Wrong codes count towards their locks (checkCode, checkGa). Returns the e-mail code's id,
 * to be used up by `consumeCodes` inside the transaction that moves the money. `operation`: the one withdrawal or
 * decision the code must have been sent for (code-operations.ts); without it only a code sent for none passes.
 */
export async function checkBrokerSecondFactor(
  ctx: ApiContext,
  auth: Auth,
  factors: { emailUuid?: string | undefined; emailCode?: string | undefined; gaCode?: string | undefined },
  businessType: BrokerCodeType,
  operation?: Operation,
): Promise<string> {
  if (factors.emailCode === undefined) throw badInput('emailCode', 'required', 'An e-mail verification code is required');
  if (auth.user.ga_secret && !factors.gaCode) throw badInput('gaCode', 'required', 'Google verification code is required');
  const uuid = await checkCode(ctx, {
    channel: 'email',
    uuid: factors.emailUuid,
    code: factors.emailCode,
    businessTypes: [businessType],
    destination: auth.user.email_lower,
    userId: auth.user.id,
    caller: { signedIn: true, userId: auth.user.id },
    operation,
  });
  await checkGa(ctx, auth.user, factors.gaCode);
  return uuid;
}
