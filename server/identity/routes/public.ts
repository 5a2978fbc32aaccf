import type { FastifyInstance } from 'fastify';
import { issueCode } from '../codes.ts';
import type { ApiContext } from '../../platform/context.ts';
import { publicCalls } from '../../../contract/public.ts';
import { DEFAULT_LANGUAGE, DEFAULT_PAGE_SIZE, LANGUAGES, PAGE_SIZES } from '../../../contract/rules.ts';
import { captchaSvg, captchaText } from '../captcha.ts';
import { serveCalls } from '../../platform/contract.ts';

/** spec §1: supported third-party exchanges; binance is the default exchangeCode. */
const exchanges = ['binance', 'okx', 'bybit', 'coinex', 'gate', 'bitget', 'kucoin', 'coinbaseinternational'];

/** Public calls (spec §6 "Public calls (no token)") of contract/public.ts: platform configuration, system config, image captcha. */
export function publicRoutes(ctx: ApiContext, app: FastifyInstance): void {
  serveCalls(ctx, app, publicCalls, {
    '/platformConfiguration/get': async () => ({
      // spec §5: passwords are RSA-encrypted with this key (jsencrypt, PKCS#1 v1.5) before they are sent.
      publicKey: ctx.keys.publicPem,
      platformName: 'Trading Desk',
      supportEmail: 'support@tradingdesk.test',
      defaultLanguage: DEFAULT_LANGUAGE,
      languages: [...LANGUAGES],
      defaultExchangeCode: 'binance',
      exchangeList: exchanges,
    }),

    '/system/config': async () => ({
      // spec §3 "System config: systemConfig object, language, isClient flag".
      systemConfig: {
        title: 'Trading Desk',
        supportEmail: 'support@tradingdesk.test',
        pageSizes: [...PAGE_SIZES],
        defaultPageSize: DEFAULT_PAGE_SIZE,
        verificationCodeTtlSeconds: Math.round(ctx.limits.codeTtlMs / 1000),
        repeatSendGuardMs: ctx.limits.repeatGuardMs,
        imageUpload: { types: ['image/jpeg', 'image/png'], minBytes: 10 * 1024, maxBytes: 10 * 1024 * 1024 },
      },
      language: DEFAULT_LANGUAGE,
      isClient: false,
    }),

    '/institution/image/captcha': async ({ query, request }) => {
      const text = captchaText();
      const { uuid } = await issueCode(ctx, {
        channel: 'image',
        destination: 'image',
        businessType: query.businessType ?? 'verifyUser',
        userId: null,
        code: text,
        ip: request.ip,
      });
      return { uuid, image: `data:image/svg+xml;base64,${Buffer.from(captchaSvg(text)).toString('base64')}` };
    },
  });
}
