import type { FastifyRequest } from 'fastify';
import en from '../../locales/en-US/mail.json' with { type: 'json' };
import zh from '../../locales/zh-HK/mail.json' with { type: 'json' };
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../contract/rules.ts';
import type { Queryable } from '../platform/db/client.ts';
import type { DeviceParts } from './device.ts';
import type { Operation } from './operations.ts';

/**
 * The words of the sandbox's mails (codes, alerts, notices) in the reader's language: spec §1 registration records
 * a preferred language, and every mail to an account is written in it (locales/<language>/mail.json, in the terms
 * of ../shared/GLOSSARY.md). A mail to an address with no account yet (a registration code) is in the language of
 * the page that asked for it (its Accept-Language), else zh-HK.
 */
type Tree = { readonly [key: string]: string | Tree };
const bundles: Record<Language, Tree> = { 'zh-HK': zh, 'en-US': en };

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((l) => l === value);
}

/** The text at a dotted key with `{{name}}` filled; a key missing in the language falls back to zh-HK, then the key. */
export function mailText(language: Language, key: string, values: Record<string, string | number> = {}): string {
  const find = (tree: Tree): string | undefined => {
    let node: string | Tree | undefined = tree;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    return typeof node === 'string' ? node : undefined;
  };
  const template = find(bundles[language]) ?? find(bundles[DEFAULT_LANGUAGE]) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Whether the key exists in the language (for text that is optional, e.g. a purpose the list does not know). */
function has(language: Language, key: string): boolean {
  return mailText(language, key) !== key;
}

/** The language of the page that made the request (its Accept-Language, as the app sends it), else zh-HK. */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['accept-language'];
  const first = typeof header === 'string' ? header.split(',')[0]?.trim() : undefined;
  if (isLanguage(first)) return first;
  if (first?.toLowerCase().startsWith('en')) return 'en-US';
  return DEFAULT_LANGUAGE;
}

/** The account's preferred language (spec §1), or null when there is no such account. */
export async function userLanguage(db: Queryable, userId: number): Promise<Language | null> {
  const rows = await db.query<{ preferred_language: string }>('select preferred_language from users where id = $1', [userId]);
  const value = rows[0]?.preferred_language;
  return rows[0] ? (isLanguage(value) ? value : DEFAULT_LANGUAGE) : null;
}

/** The preferred language of the account whose e-mail address this is, or null. */
export async function addressLanguage(db: Queryable, email: string): Promise<Language | null> {
  const rows = await db.query<{ preferred_language: string }>('select preferred_language from users where email_lower = $1', [email.toLowerCase()]);
  const value = rows[0]?.preferred_language;
  return rows[0] ? (isLanguage(value) ? value : DEFAULT_LANGUAGE) : null;
}

/** A device in the reader's words (the app's device names: locales/<language>/account.json `device`). */
export function deviceText(language: Language, device: DeviceParts): string {
  if (device.browser === null && device.os === null) return mailText(language, 'device.unknown');
  return mailText(language, 'device.on', {
    browser: device.browser ?? mailText(language, 'device.unknownBrowser'),
    os: device.os ?? mailText(language, 'device.unknownOs'),
  });
}

/** `Withdrawal id` → `withdrawalId`: the key of an operation's field label in `labels`. */
function labelKey(label: string): string {
  const [first = '', ...rest] = label.split(/[\s-]+/);
  return first.toLowerCase() + rest.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

function labelText(language: Language, label: string): string {
  const numbered = /^To sub-account (\d+)$/.exec(label);
  if (numbered) return mailText(language, 'labels.toSubAccountN', { n: numbered[1] ?? '' });
  const key = `labels.${labelKey(label)}`;
  return has(language, key) ? mailText(language, key) : label;
}

/**
 * What a code approves, in the reader's words: the operation's title from its kind's template (filled with its
 * fields), each field labelled, and when it was asked for. The operation's own English title and labels stay what
 * its key is made of (operations.ts); a kind without a template keeps its English title.
 */
export function operationText(language: Language, operation: Operation, requestedAt: string): string[] {
  const values: Record<string, string> = {};
  for (const [label, value] of operation.fields) if (value !== null) values[labelKey(label)] = value;
  const key = `operations.${operation.kind}`;
  const title = has(language, key) ? mailText(language, key, values) : operation.title;
  return [
    mailText(language, 'code.approvesOnly', { title }),
    ...operation.fields.filter(([, value]) => value !== null && value !== '').map(([label, value]) => mailText(language, 'field', { label: labelText(language, label), value: value ?? '' })),
    mailText(language, 'code.requestedAt', { time: requestedAt }),
    mailText(language, 'code.nothingElse'),
  ];
}

/** The purpose of a code as its subject names it (`code.purposes.<businessType>`, else a general one). */
export function codePurpose(language: Language, businessType: string): string {
  const key = `code.purposes.${businessType}`;
  return has(language, key) ? mailText(language, key) : mailText(language, 'code.purposes.other');
}
