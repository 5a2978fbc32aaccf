import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { issueCode } from '../codes.ts';
import type { ApiContext } from '../context.ts';
import { publicRoute } from '../http.ts';

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

  publicRoute(app, {
    method: 'GET',
    url: '/institution/image/captcha',
    handler: async () => {
      const text = Array.from({ length: 5 }, () => captchaAlphabet[randomInt(captchaAlphabet.length)]).join('');
      const { uuid } = await issueCode(ctx, {
        channel: 'image',
        destination: 'image',
        businessType: 'verifyUser',
        userId: null,
        code: text,
      });
      return { uuid, image: `data:image/svg+xml;base64,${Buffer.from(captchaSvg(text)).toString('base64')}` };
    },
  });
}

// No 0/O, 1/I/L: the sandbox's captcha is for people, not a test of eyesight.
const captchaAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function captchaSvg(text: string): string {
  const letters = [...text]
    .map((char, index) => {
      const x = 14 + index * 22;
      const y = 30 + randomInt(-4, 5);
      return `<text x="${x}" y="${y}" transform="rotate(${randomInt(-20, 21)} ${x} ${y})">${char}</text>`;
    })
    .join('');
  const lines = Array.from(
    { length: 4 },
    () =>
      `<line x1="${randomInt(0, 120)}" y1="${randomInt(0, 40)}" x2="${randomInt(0, 120)}" y2="${randomInt(0, 40)}" stroke="#8893a8"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" fill="#f3f5f9"/>${lines}<g font-family="monospace" font-size="22" font-weight="700" fill="#1f2a44">${letters}</g></svg>`;
}
