import type { FastifyInstance } from 'fastify';
import { issueCode } from '../codes.ts';
import type { ApiContext } from '../context.ts';
import { type CaptchaBusinessType, captchaBusinessTypes, captchaSvg, captchaText } from '../captcha.ts';
import { publicRoute, s } from '../http.ts';

/** spec §1: supported third-party exchanges; binance is the default exchangeCode. */
const exchanges = ['binance', 'okx', 'bybit', 'coinex', 'gate', 'bitget', 'kucoin', 'coinbaseinternational'];

/** Public calls (spec §6 "Public calls (no token)"): platform configuration, system config, image captcha. */
export function publicRoutes(ctx: ApiContext, app: FastifyInstance): void {
  publicRoute(app, {
    method: 'GET',
    url: '/platformConfiguration/get',
    handler: async () => ({
      // spec §5: passwords are RSA-encrypted with this key (jsencrypt, PKCS#1 v1.5) before they are sent.
      publicKey: ctx.keys.publicPem,
      platformName: 'Trading Desk',
      supportEmail: 'support@tradingdesk.test',
      defaultLanguage: 'zh-HK',
      languages: ['zh-HK', 'en-US'],
      defaultExchangeCode: 'binance',
      exchangeList: exchanges,
    }),
  });

  publicRoute(app, {
    method: 'GET',
    url: '/system/config',
    handler: async () => ({
      // spec §3 "System config: systemConfig object, language, isClient flag".
      systemConfig: {
        title: 'Trading Desk',
        supportEmail: 'support@tradingdesk.test',
        pageSizes: [10, 20, 50, 100],
        defaultPageSize: 10,
        verificationCodeTtlSeconds: Math.round(ctx.limits.codeTtlMs / 1000),
        repeatSendGuardMs: ctx.limits.repeatGuardMs,
        imageUpload: { types: ['image/jpeg', 'image/png'], minBytes: 10 * 1024, maxBytes: 10 * 1024 * 1024 },
      },
      language: 'zh-HK',
      isClient: false,
    }),
  });

  publicRoute<unknown, { businessType?: CaptchaBusinessType }>(app, {
    method: 'GET',
    url: '/institution/image/captcha',
    // `login` for the sign-in's captcha after failures (captcha.ts); `verifyUser` (default) for the reset's user check.
    query: s.obj({ businessType: { type: 'string', enum: [...captchaBusinessTypes] } }),
    handler: async ({ query, request }) => {
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
