import { CAPTCHA_BUSINESS_TYPES } from '../../contract/public.ts';
import { randomInt } from 'node:crypto';
import { checkCode, consumeCodes } from './codes.ts';
import type { ApiContext } from '../platform/context.ts';
import { ApiError, Code } from '../platform/envelope.ts';
import { assertNotLocked, currentFailures, passwordSubject } from './lockout.ts';
import { knownSource } from './strangers.ts';

/**
 * The image captcha (spec §7 `GET /institution/image/captcha`): the reset's user check asks for it always,
 * sign-in and the authenticator reset once a user name has `captchaAfterFailures` recent wrong passwords from
 * sources it never signed in from, or from the caller's source. Attempts still being evaluated are not failures
 * (lockout.ts `currentFailures`): a burst of right passwords asks for no captcha.
 */
export const captchaBusinessTypes = CAPTCHA_BUSINESS_TYPES;
export type CaptchaBusinessType = (typeof captchaBusinessTypes)[number];

export async function captchaRequired(ctx: ApiContext, userName: string, source: string): Promise<boolean> {
  const after = ctx.limits.captchaAfterFailures;
  return (
    (await currentFailures(ctx, 'passwordAccount', userName)) >= after ||
    (await currentFailures(ctx, 'password', passwordSubject(userName, source))) >= after
  );
}

/**
 * Before a password is checked: a running lock (of this source, or the user name's ceiling when this source is
 * not one the account `userId` signed in from: strangers.ts) answers 10002 first;
 * then, once the user name has had its first failures, a solved captcha of type `login` is needed (missing →
 * 10040; wrong → 10003 with channel 'image'). It is used up whatever the password's outcome, so one solved
 * captcha buys one guess.
 */
export async function requireCaptchaAfterFailures(
  ctx: ApiContext,
  userName: string,
  userId: number | null,
  source: string,
  body: { captchaUuid?: string | undefined; captchaCode?: string | undefined },
): Promise<void> {
  if (!(await knownSource(ctx, userId, source))) await assertNotLocked(ctx, 'passwordAccount', userName);
  await assertNotLocked(ctx, 'password', passwordSubject(userName, source));
  if (!(await captchaRequired(ctx, userName, source))) return;
  if (!body.captchaUuid || !body.captchaCode) throw new ApiError(Code.captchaRequired, { field: 'captchaCode' });
  const uuid = await checkCode(ctx, {
    channel: 'image',
    uuid: body.captchaUuid,
    code: body.captchaCode.trim().toUpperCase(),
    businessTypes: ['login'],
    destination: 'image',
    userId: null,
    caller: { signedIn: false, ip: source },
  });
  await ctx.db.transaction((tx) => consumeCodes(ctx, tx, [uuid]));
}

// No 0/O, 1/I/L: the sandbox's captcha is for people, not a test of eyesight.
export const captchaAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function captchaText(): string {
  return Array.from({ length: 5 }, () => captchaAlphabet[randomInt(captchaAlphabet.length)]).join('');
}

type Stroke = ReadonlyArray<readonly [number, number]>;

/** Each character as strokes on a 10 × 14 grid (y down): drawn as paths, never as text a parser could read. */
const glyphs: Record<string, readonly Stroke[]> = {
  A: [[[0, 14], [5, 0], [10, 14]], [[2.5, 8], [7.5, 8]]],
  B: [[[0, 7], [7, 7], [10, 9], [10, 12], [8, 14], [0, 14], [0, 0], [7, 0], [9, 2], [9, 5], [7, 7]]],
  C: [[[10, 2], [8, 0], [3, 0], [0, 3], [0, 11], [3, 14], [8, 14], [10, 12]]],
  D: [[[0, 0], [0, 14], [6, 14], [10, 10], [10, 4], [6, 0], [0, 0]]],
  E: [[[10, 0], [0, 0], [0, 14], [10, 14]], [[0, 7], [7, 7]]],
  F: [[[10, 0], [0, 0], [0, 14]], [[0, 7], [7, 7]]],
  G: [[[10, 2], [8, 0], [3, 0], [0, 3], [0, 11], [3, 14], [8, 14], [10, 12], [10, 8], [6, 8]]],
  H: [[[0, 0], [0, 14]], [[10, 0], [10, 14]], [[0, 7], [10, 7]]],
  J: [[[10, 0], [10, 11], [7, 14], [3, 14], [0, 11]]],
  K: [[[0, 0], [0, 14]], [[10, 0], [0, 8]], [[3, 6], [10, 14]]],
  M: [[[0, 14], [0, 0], [5, 8], [10, 0], [10, 14]]],
  N: [[[0, 14], [0, 0], [10, 14], [10, 0]]],
  P: [[[0, 14], [0, 0], [7, 0], [10, 3], [10, 5], [7, 8], [0, 8]]],
  Q: [[[3, 0], [7, 0], [10, 3], [10, 11], [7, 14], [3, 14], [0, 11], [0, 3], [3, 0]], [[6, 10], [10, 15]]],
  R: [[[0, 14], [0, 0], [7, 0], [10, 3], [10, 5], [7, 8], [0, 8]], [[5, 8], [10, 14]]],
  S: [[[10, 2], [8, 0], [2, 0], [0, 2], [0, 5], [2, 7], [8, 7], [10, 9], [10, 12], [8, 14], [2, 14], [0, 12]]],
  T: [[[0, 0], [10, 0]], [[5, 0], [5, 14]]],
  U: [[[0, 0], [0, 11], [3, 14], [7, 14], [10, 11], [10, 0]]],
  V: [[[0, 0], [5, 14], [10, 0]]],
  W: [[[0, 0], [2.5, 14], [5, 5], [7.5, 14], [10, 0]]],
  X: [[[0, 0], [10, 14]], [[10, 0], [0, 14]]],
  Y: [[[0, 0], [5, 7], [10, 0]], [[5, 7], [5, 14]]],
  Z: [[[0, 0], [10, 0], [0, 14], [10, 14]]],
  '2': [[[0, 3], [3, 0], [7, 0], [10, 3], [10, 6], [0, 14], [10, 14]]],
  '3': [[[0, 2], [2, 0], [8, 0], [10, 2], [10, 5], [7, 7], [10, 9], [10, 12], [8, 14], [2, 14], [0, 12]], [[4, 7], [7, 7]]],
  '4': [[[7, 14], [7, 0], [0, 10], [10, 10]]],
  '5': [[[10, 0], [0, 0], [0, 6], [7, 6], [10, 9], [10, 12], [8, 14], [2, 14], [0, 12]]],
  '6': [[[9, 1], [7, 0], [3, 0], [0, 4], [0, 11], [3, 14], [7, 14], [10, 11], [10, 9], [7, 7], [3, 7], [0, 9]]],
  '7': [[[0, 0], [10, 0], [4, 14]]],
  '8': [[[5, 7], [2, 5], [1, 2], [3, 0], [7, 0], [9, 2], [8, 5], [5, 7], [1, 9], [0, 12], [2, 14], [8, 14], [10, 12], [9, 9], [5, 7]]],
  '9': [[[10, 5], [7, 7], [3, 7], [0, 5], [0, 3], [3, 0], [7, 0], [10, 3], [10, 10], [7, 14], [3, 14], [1, 13]]],
};

const random = (min: number, max: number) => min + (randomInt(0, 1_000_001) / 1_000_000) * (max - min);
const fmt = (n: number) => n.toFixed(1);

/**
 * An SVG of the text drawn as jittered, rotated, scaled strokes, in random document order among decoy
 * strokes of the same style: the text is nowhere in it, and the same text never draws the same twice.
 * (A real provider would use its captcha service; this one only has to be unreadable to a regular expression.)
 */
export function captchaSvg(text: string): string {
  const paths: string[] = [];
  [...text].forEach((char, index) => {
    const strokes = glyphs[char];
    if (!strokes) throw new Error(`no glyph for ${char}`);
    const cx = 14 + index * 22 + random(-2, 2);
    const cy = 20 + random(-3, 3);
    const scale = random(1.25, 1.55);
    const angle = (random(-22, 22) * Math.PI) / 180;
    const shear = random(-0.25, 0.25);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    for (const stroke of strokes) {
      const points = stroke.map(([gx, gy]) => {
        const x = (gx - 5 + random(-0.5, 0.5) + shear * (gy - 7)) * scale;
        const y = (gy - 7 + random(-0.5, 0.5)) * scale;
        return `${fmt(cx + x * cos - y * sin)} ${fmt(cy + x * sin + y * cos)}`;
      });
      paths.push(`M${points.join('L')}`);
    }
  });
  for (let i = 0; i < 5; i++) {
    const points = Array.from({ length: randomInt(2, 5) }, () => `${fmt(random(0, 120))} ${fmt(random(0, 40))}`);
    paths.push(`M${points.join('L')}`);
  }
  // Fisher–Yates: the order of the paths says nothing about the order of the characters.
  for (let i = paths.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [paths[i], paths[j]] = [paths[j] as string, paths[i] as string];
  }
  const body = paths
    .map((d) => `<path d="${d}" stroke-width="${fmt(random(1.6, 2.4))}"/>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" fill="#f3f5f9"/><g fill="none" stroke="#1f2a44" stroke-linecap="round" stroke-linejoin="round">${body}</g></svg>`;
}
