import type { TestApi } from './helpers.ts';

/**
 * The step-up factors sensitive calls take (server/identity/step-up.ts): the account password (encrypted) and a
 * fresh e-mail code of the call's businessType, sent for `operation` where the purpose approves one (addAddress:
 * the entry to be saved, contract/code-operations.ts); add `gaCode` (current authenticator) where one is bound.
 */
export async function stepUpFactors(
  api: TestApi,
  token: string,
  password: string,
  purpose: string,
  operation?: object,
): Promise<{ password: string; emailUuid: string; emailCode: string }> {
  const mail = await api.emailCode(purpose, token, undefined, operation);
  return { password: api.encrypt(password), emailUuid: mail.uuid, emailCode: mail.code };
}

/** First bind of a Google authenticator with the step-up; returns the secret. */
export async function bindGaWithStepUp(api: TestApi, token: string, password: string): Promise<string> {
  const info = await api.call<{ secretKey: string }>('GET', '/institution/generateGaInfo', { token });
  const secretKey = info.data.secretKey;
  const factors = await stepUpFactors(api, token, password, 'bindGa');
  const reply = await api.call('POST', '/institution/bindGaInfo', { token, body: { secretKey, gaCode: await api.totp(secretKey), ...factors } });
  if (reply.code !== 200) throw new Error(`bindGaInfo failed: ${JSON.stringify(reply)}`);
  return secretKey;
}

/** A phone number as the SMS calls take it. */
export interface PhoneNumber {
  areaCode: string;
  phone: string;
}

/**
 * updatePhoneInfo's body for a change from `from` to `to` with every code it takes (an SMS to the old number, one to
 * the new, an e-mail code), but not the password.
 */
export async function phoneChangeCodes(api: TestApi, token: string, email: string, from: PhoneNumber, to: PhoneNumber) {
  const oldSms = await api.smsCode(from.areaCode, from.phone, email, 'updatePhoneOld');
  const newSms = await api.smsCode(to.areaCode, to.phone, email, 'updatePhoneNew');
  const mail = await api.emailCode('updatePhone', token);
  return {
    oldSmsUuid: oldSms.uuid,
    oldSmsCode: oldSms.code,
    newSmsUuid: newSms.uuid,
    newSmsCode: newSms.code,
    emailUuid: mail.uuid,
    emailCode: mail.code,
    areaCode: to.areaCode,
    phone: to.phone,
  };
}
