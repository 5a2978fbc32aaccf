import Type from 'typebox';
import { call } from './call.ts';
import { Cipher, Code6, IsoTime, Strict } from './schema.ts';

/**
 * Account-security calls of the sandbox's design (server/api/README.md "Sessions"): the signed-in devices and
 * the anti-phishing code. The other account calls of spec §7 still use the older route helpers and are to
 * move here.
 */
const Session = Type.Object({
  id: Type.Integer(),
  createdAt: IsoTime,
  lastSeenAt: IsoTime,
  expiresAt: IsoTime,
  ip: Type.Union([Type.String(), Type.Null()]),
  /** Browser and OS from the User-Agent ('Chrome on Windows', 'Unknown device'). */
  device: Type.String(),
  current: Type.Boolean(),
});

export const accountCalls = {
  '/institution/session/list': call({
    method: 'GET',
    auth: 'user',
    reply: Type.Object({ list: Type.Array(Session) }),
  }),
  '/institution/session/revoke': call({
    method: 'POST',
    auth: 'user',
    // Revoking the caller's own session is allowed: it is a sign-out.
    body: Strict({ sessionId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
    reply: Type.Object({ sessionId: Type.Integer(), current: Type.Boolean() }),
  }),
  '/institution/antiPhishing/set': call({
    method: 'POST',
    auth: 'user',
    // The step-up fields are optional in the shape so that a missing one is named by the step-up check
    // (server/api/step-up.ts) with its own rule.
    body: Strict({
      code: Type.String({ minLength: 4, maxLength: 20, pattern: '^[A-Za-z0-9]{4,20}$' }),
      password: Type.Optional(Cipher),
      emailUuid: Type.Optional(Type.String({ minLength: 0, maxLength: 64 })),
      emailCode: Type.Optional(Code6),
      gaCode: Type.Optional(Type.String({ minLength: 0, maxLength: 6 })),
    }),
    reply: Type.Object({ antiPhishingCode: Type.String() }),
  }),
};

export type AccountCalls = typeof accountCalls;
