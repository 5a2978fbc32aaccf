import type { FastifyRequest } from 'fastify';
import en from '../../locales/en-US/api-messages.json' with { type: 'json' };
import zh from '../../locales/zh-HK/api-messages.json' with { type: 'json' };
import type { Language } from '../../contract/rules.ts';
import { messages, type Code } from './envelope.ts';

/**
 * The language of a reply's `msg`. spec §7: every call sends Accept-Language; the provider answers a refusal's
 * message in it (spec §8: the client shows the server's msg for a code outside its own table), so a zh-HK page never
 * shows English. The texts are locales/<language>/api-messages.json, in the glossary's terms; without the header
 * (scripts, the sandbox's own tests) the reply keeps contract/codes.ts's English.
 */
const texts: Record<Language, Record<string, string>> = { 'zh-HK': zh.codes, 'en-US': en.codes };

/** The first language of Accept-Language the sandbox speaks: any Chinese tag → zh-HK, any English → en-US. */
export function replyLanguage(request: Pick<FastifyRequest, 'headers'>): Language | null {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string') return null;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    if (tag.startsWith('zh')) return 'zh-HK';
    if (tag.startsWith('en')) return 'en-US';
  }
  return null;
}

/**
 * The `msg` of a refusal of `code` for a reply in `language`. In zh-HK the code's text replaces whatever the refusal
 * said in English (its specifics travel in `data`, which the screens read); in en-US a refusal's own wording stays, and
 * the code's default is the en-US text.
 */
export function replyMessage(code: number, msg: string, language: Language | null): string {
  if (language === null) return msg;
  const text = texts[language][String(code)];
  if (text === undefined) return msg;
  if (language === 'zh-HK' || msg === messages[code as Code]) return text;
  return msg;
}
