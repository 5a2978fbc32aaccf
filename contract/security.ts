import Type from 'typebox';
import { Cipher, Code6, CodeUuid, Text } from './schema.ts';

/**
 * The step-up factors a sensitive change carries in its own body (server/api/README.md "Step-up"): the account
 * password (RSA-encrypted), an e-mail code of the call's own businessType, and the current Google code while an
 * authenticator is bound. Optional in the shape, so that a missing one is named by the step-up check
 * (server/api/step-up.ts) with its own rule.
 */
export const StepUpFields = {
  password: Type.Optional(Cipher),
  emailUuid: Type.Optional(CodeUuid),
  emailCode: Type.Optional(Code6),
  gaCode: Type.Optional(Text(0, 6)),
};
