import { notifySecurity } from '../platform/notify.ts';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../platform/db/client.ts';
import { type ApiContext, nowDate } from '../platform/context.ts';
import { deviceParts, deviceSummary } from './device.ts';
import { deviceText, isLanguage, mailText } from './mail.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../contract/rules.ts';
import { userAgent } from './sessions.ts';
import type { UserRow } from './users.ts';

/**
 * The outbox: what the sandbox would send by e-mail or SMS (`GET /api/_dev/outbox` shows it). Notices carry
 * no code, so their `code_uuid` and `code` are empty.
 */
export interface OutboxMessage {
  channel: 'email' | 'sms' | 'image';
  destination: string;
  businessType: string;
  subject: string;
  body: string;
  codeUuid?: string;
  code?: string;
  /** The account the message is about: its anti-phishing code heads an e-mail to its own address. */
  userId: number | null;
}

/**
 * Writes one message. An e-mail to the account's own address starts with its anti-phishing code when the user
 * set one; not an e-mail to another address (an address being added is not yet shown to be the user's) and
 * not an SMS.
 */
export async function writeOutbox(ctx: ApiContext, tx: Queryable, message: OutboxMessage): Promise<void> {
  let body = message.body;
  if (message.channel === 'email' && message.userId !== null) {
    const rows = await tx.query<{ anti_phishing_code: string; preferred_language: string }>(
      'select anti_phishing_code, preferred_language from users where id = $1 and email_lower = $2 and anti_phishing_code is not null',
      [message.userId, message.destination],
    );
    const code = rows[0]?.anti_phishing_code;
    const language = isLanguage(rows[0]?.preferred_language) ? rows[0].preferred_language : DEFAULT_LANGUAGE;
    if (code) body = `${antiPhishingLine(code, language)}\n\n${body}`;
  }
  await tx.query(
    `insert into outbox (channel, destination, business_type, code_uuid, code, subject, body, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      message.channel,
      message.destination,
      message.businessType,
      message.codeUuid ?? '',
      message.code ?? '',
      message.subject,
      body,
      nowDate(ctx),
    ],
  );
}

/** The first line of a mail to the account's own address (in its preferred language, spec §1). */
export function antiPhishingLine(code: string, language: Language): string {
  return mailText(language, 'antiPhishing', { code });
}

/** `2026-01-05 09:00:00 UTC`: one zone for every reader of the mail. */
export function utcTime(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/**
 * New-device sign-in alert (server/README.md "Sessions"; README "Security"): at a successful sign-in of a
 * user who has signed in before, but never from this device (browser and OS, device.ts), an e-mail to the
 * account's address with the time, the source address and the device. Call in the login transaction BEFORE
 * this sign-in's own login_history row is written. The mail names the device by its summary only, never the
 * raw User-Agent (the client's own text).
 */
export async function alertNewDevice(ctx: ApiContext, tx: Queryable, user: UserRow, request: FastifyRequest): Promise<boolean> {
  const agent = userAgent(request);
  const device = deviceSummary(agent);
  // One row per distinct User-Agent: few per user, and summaries of rows written before device.ts existed work too.
  const seen = await tx.query<{ user_agent: string | null }>('select distinct user_agent from login_history where user_id = $1', [user.id]);
  if (seen.length === 0 || seen.some((row) => deviceSummary(row.user_agent) === device)) return false;
  const now = nowDate(ctx);
  const time = utcTime(now);
  const language = isLanguage(user.preferred_language) ? user.preferred_language : DEFAULT_LANGUAGE;
  // The message centre tells it too (server/README.md "Message centre"), with the same summary, never the raw
  // User-Agent.
  const parts = deviceParts(agent);
  await notifySecurity(tx, user.id, 'newDeviceSignIn', { ip: request.ip, device, browser: parts.browser ?? '', os: parts.os ?? '' }, now);
  await writeOutbox(ctx, tx, {
    channel: 'email',
    destination: user.email_lower,
    businessType: 'newDeviceLogin',
    userId: user.id,
    subject: mailText(language, 'newDevice.subject'),
    body: [
      mailText(language, 'newDevice.intro'),
      mailText(language, 'facts.time', { time }),
      mailText(language, 'facts.ip', { ip: request.ip }),
      mailText(language, 'facts.device', { device: deviceText(language, deviceParts(agent)) }),
      mailText(language, 'newDevice.advice'),
    ].join('\n'),
  });
  return true;
}
