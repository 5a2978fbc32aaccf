import type { TFunction } from 'i18next';
import { groupThousands } from '../../lib/format/index.ts';

interface MessageLike {
  kind: string;
  params: Record<string, string>;
}

// i18n namespaces: messages
export const AMOUNT_PARAMS = new Set(['amount', 'fromAmount', 'toAmount', 'refund', 'collateralSold', 'collateralReturned', 'liquidationPrice']);

/** A device as login history words it (the account namespace's device names, loaded with the app). */
function deviceWords(t: TFunction<'messages'>, browser: string | null, os: string | null): string {
  if (browser === null && os === null) return t('account:device.unknown' as 'title');
  return t('account:device.on' as 'title', { browser: browser ?? t('account:device.unknownBrowser' as 'title'), os: os ?? t('account:device.unknownOs' as 'title') });
}

/**
 * A message's words in the page's language (spec §1 locales): the title is `kinds.<kind>.title`; the text is the
 * kind's variant named by its `channel` (coin, fiat) or `via` (change, reset, bind…), or its `body`. The
 * parameters fill the text as plain strings (amounts with thousands separators); React renders the result as
 * text, never HTML.
 */
export function messageText(t: TFunction<'messages'>, message: MessageLike): { title: string; body: string } {
  const channel = message.params['channel'];
  const variant = channel ?? message.params['via'] ?? 'body';
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(message.params)) values[key] = AMOUNT_PARAMS.has(key) ? groupThousands(value) : value;
  // A sign-in's device in the page's words (account:device, as login history says it), from its browser and OS.
  if (message.kind === 'newDeviceSignIn' && ('browser' in message.params || 'os' in message.params)) values['device'] = deviceWords(t, message.params['browser'] || null, message.params['os'] || null);
  return {
    // A fiat record's title names it as fiat (`title_fiat`, i18next's context), else the kind's one title.
    title: channel ? t(`kinds.${message.kind}.title` as 'title', { context: channel }) : t(`kinds.${message.kind}.title` as 'title'),
    body: t(`kinds.${message.kind}.${variant}` as 'title', values),
  };
}
