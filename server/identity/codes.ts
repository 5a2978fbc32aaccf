import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { Queryable } from '../platform/db/client.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import { ApiError, badInput, Code } from '../platform/envelope.ts';
import { type Caller, failureError, nestedAttempt } from './lockout.ts';
import { sourceAttempt, unknownSourcesSubject } from './strangers.ts';
import { writeOutbox } from './outbox.ts';
import { type Operation, operationKey } from './operations.ts';
import { addressLanguage, codePurpose, mailText, operationText, userLanguage } from './mail.ts';
import { utcTime } from './outbox.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../contract/rules.ts';
import { takeRate } from '../platform/rates.ts';

/**
 * E-mail, SMS and image verification codes (spec §5, §9). Codes are written to the outbox table that
 * `GET /api/_dev/outbox` shows; they are single-use, live 10 minutes, allow 5 attempts, and a second
 * send to the same destination within 1 s is refused. A code sent for an operation (a withdrawal, an address to
 * add, operations.ts) confirms only that operation; its mail says what it approves.
 */
export type Channel = 'email' | 'sms' | 'image';

interface CodeRow {
  uuid: string;
  channel: Channel;
  destination: string;
  business_type: string;
  user_id: number | null;
  code_hash: string;
  expires_at: Date;
  attempts: number;
  used_at: Date | null;
}

function hashCode(uuid: string, code: string): string {
  return createHash('sha256').update(`${uuid}:${code}`).digest('hex');
}

export interface IssueRequest {
  channel: Channel;
  destination: string;
  businessType: string;
  userId: number | null;
  /** Image captchas are letters and digits; e-mail and SMS codes are 6 digits. */
  code?: string;
  /** Skip the outbox write: a reset for an unknown address answers the same but sends nothing. */
  silent?: boolean;
  /** The account the code is for (normalised user name, known or not), for the per-account send limit. */
  account?: string | null;
  /** The requester's address, for the per-source send limit. */
  ip?: string;
  /** The one operation the code approves (operations.ts): its key is kept on the code, and the mail lists it. */
  operation?: Operation;
  /**
   * The language of the page that asked (its Accept-Language): the mail's language when the code is for no known
   * account (registration); an account's own preferred language comes first (spec §1).
   */
  language?: Language;
}

export async function issueCode(ctx: ApiContext, request: IssueRequest): Promise<{ uuid: string; code: string }> {
  const now = nowDate(ctx);
  const uuid = randomUUID();
  const code = request.code ?? String(randomInt(0, 1_000_000)).padStart(6, '0');
  await ctx.db.transaction(async (tx) => {
    // Serialise senders to one destination, so two calls within the guard cannot both pass the check.
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`${request.channel}:${request.destination}`]);
    if (request.channel !== 'image') {
      const last = await tx.query<{ created_at: Date }>(
        'select created_at from verification_codes where channel = $1 and destination = $2 order by created_at desc limit 1',
        [request.channel, request.destination],
      );
      const lastAt = last[0]?.created_at.getTime();
      // spec §5: verification-code senders refuse a second call within 1 second.
      if (lastAt !== undefined && now.getTime() - lastAt < ctx.limits.repeatGuardMs) throw new ApiError(Code.repeatRequest);
      // Sends per destination, account and source in the window (10041); taken in this transaction, so a
      // refusal by one takes back the others. Silent sends count too: the reply must not tell them apart.
      const rates = ctx.limits.sendRates;
      await takeRate(ctx, tx, 'destination', `${request.channel}:${request.destination}`, rates.destination);
      if (request.account) await takeRate(ctx, tx, 'account', request.account, rates.account);
      if (request.ip) await takeRate(ctx, tx, 'ip', request.ip, rates.ip);
    } else if (request.ip) {
      await takeRate(ctx, tx, 'ip', `image:${request.ip}`, ctx.limits.sendRates.imageIp);
    }
    await tx.query(
      `insert into verification_codes (uuid, channel, destination, business_type, user_id, code_hash, created_at, expires_at, operation_key)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        uuid,
        request.channel,
        request.destination,
        request.businessType,
        request.userId,
        hashCode(uuid, code),
        now,
        new Date(now.getTime() + ctx.limits.codeTtlMs),
        request.operation ? operationKey(request.operation) : null,
      ],
    );
    if (!request.silent) {
      const minutes = Math.round(ctx.limits.codeTtlMs / 60_000);
      const language =
        (request.userId !== null ? await userLanguage(tx, request.userId) : null) ??
        (request.channel === 'email' ? await addressLanguage(tx, request.destination) : null) ??
        request.language ??
        DEFAULT_LANGUAGE;
      await writeOutbox(ctx, tx, {
        channel: request.channel,
        destination: request.destination,
        businessType: request.businessType,
        codeUuid: uuid,
        code,
        subject: mailText(language, 'code.subject', { purpose: codePurpose(language, request.businessType) }),
        body: [
          mailText(language, 'code.body', { code, minutes }),
          ...(request.operation ? ['', ...operationText(language, request.operation, utcTime(now))] : []),
        ].join('\n'),
        userId: request.userId,
      });
    }
  });
  return { uuid, code };
}

export interface CodeCheck {
  channel: Channel;
  uuid: string | undefined;
  code: string | undefined;
  /** Accepted business types for this use. */
  businessTypes: readonly string[];
  destination: string;
  /** The account the code belongs to (whose address it went to), or null (registration). */
  userId: number | null;
  /**
   * Who enters it (lockout.ts `Caller`), which decides what a wrong one counts against: the signed-in owner of
   * `userId` — the account's own locks and, at the e-mail lock, withdrawal ban reason 2 (spec §4); another
   * signed-in user (a broker owner confirming an invitee's code) — that caller's own counts, no ban; a caller
   * without a session — its source address (strangers.ts), never the owner's channels, no ban.
   */
  caller: Caller;
  /** The operation being confirmed: only a code sent for it passes (operations.ts); none for a code that binds nothing. */
  operation?: Operation | undefined;
}

/**
 * Checks a code without marking it used (`consumeCodes` does that in the request's transaction once every
 * factor has passed). Each check takes one of the code's 5 attempts first, in one conditional update, so a
 * parallel burst cannot evaluate more; wrong e-mail and SMS codes also count per address across codes
 * (`attempt`, lockout of spec §8), so asking for a new code does not buy new guesses.
 */
export async function checkCode(ctx: ApiContext, check: CodeCheck): Promise<string> {
  // spec §5: the verification code must be fetched first.
  if (!check.uuid) throw badInput(`${check.channel}Uuid`, 'codeNotFetched', 'Please get a verification code first');
  const uuid = check.uuid;
  let attempts = 0;
  const evaluate = async (): Promise<string | null> => {
    const rows = await ctx.db.query<CodeRow>(
      `update verification_codes set attempts = attempts + 1
       where uuid = $1 and channel = $2 and destination = $3 and business_type = any($4::text[])
         and used_at is null and expires_at > $5 and attempts < $6 and operation_key is not distinct from $7
       returning *`,
      [uuid, check.channel, check.destination, [...check.businessTypes], nowDate(ctx), ctx.limits.codeMaxAttempts, operationKeyOf(check)],
    );
    const row = rows[0];
    if (!row) throw new ApiError(Code.codeExpired, { channel: check.channel });
    attempts = row.attempts;
    return check.code !== undefined && hashCode(row.uuid, check.code) === row.code_hash ? row.uuid : null;
  };
  const codeRemaining = () => Math.max(0, ctx.limits.codeMaxAttempts - attempts);
  if (check.channel === 'image') {
    const matched = await evaluate();
    if (matched) return matched;
    throw new ApiError(Code.codeWrong, { channel: check.channel, remainingAttempts: codeRemaining(), errorCount: attempts });
  }
  const kind = check.channel === 'email' ? 'emailCode' : 'smsCode';
  const outcome = await countedCodeCheck(ctx, kind, check, evaluate);
  if (outcome.ok) return outcome.value;
  throw failureError({ ...outcome, remainingAttempts: Math.min(codeRemaining(), outcome.remainingAttempts) }, Code.codeWrong, {
    channel: check.channel,
  });
}

/**
 * The lockout side of a code check: wrong e-mail and SMS codes count per address across its codes and per account
 * across its addresses (`codeAccount`), so neither a new code nor another channel buys new guesses — against the
 * subjects of whoever enters them (`CodeCheck.caller`).
 */
function countedCodeCheck(ctx: ApiContext, kind: 'emailCode' | 'smsCode', check: CodeCheck, evaluate: () => Promise<string | null>) {
  const { caller, userId } = check;
  if (!caller.signedIn) {
    const ceiling = userId === null ? null : { kind: 'codeAccount' as const, subject: unknownSourcesSubject(userId) };
    return sourceAttempt(ctx, { kind, target: check.destination, ip: caller.ip, userId, ceiling }, evaluate);
  }
  const own = caller.userId === userId;
  return nestedAttempt(
    ctx,
    { kind: 'codeAccount', subject: `user:${caller.userId}`, userId: own ? userId : null },
    { kind, subject: own ? check.destination : `by user:${caller.userId} ${check.destination}`, userId: own ? userId : null },
    evaluate,
  );
}

/** A code approves only the operation it was sent for (operations.ts): the key a check asks for, null for none. */
function operationKeyOf(check: CodeCheck): string | null {
  return check.operation ? operationKey(check.operation) : null;
}

/** Marks checked codes used, in the caller's transaction; a code used meanwhile aborts it. */
export async function consumeCodes(ctx: ApiContext, tx: Queryable, uuids: readonly string[]): Promise<void> {
  const now = nowDate(ctx);
  for (const uuid of uuids) {
    const rows = await tx.query('update verification_codes set used_at = $2 where uuid = $1 and used_at is null returning uuid', [
      uuid,
      now,
    ]);
    if (rows.length !== 1) throw new ApiError(Code.codeExpired, null);
  }
}
