import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password storage: scrypt (node:crypto), stored as `scrypt$N$r$p$salt$hash` (base64url) so the cost can be
 * raised later without breaking stored hashes.
 */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

export const defaultCost: ScryptCost = { N: 16384, r: 8, p: 1 };
const keyLength = 32;

/** How many scrypt derivations ran; tests use it to prove every login failure does the same work. */
export const hashWork = { count: 0 };

function derive(password: Buffer, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  hashWork.count++;
  const options: ScryptOptions = { N: cost.N, r: cost.r, p: cost.p, maxmem: 128 * cost.N * cost.r * 2 };
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string | Buffer, cost: ScryptCost = defaultCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(Buffer.from(password), salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** A hash of nothing anyone knows: unknown users are checked against it so they cost the same scrypt work. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32));
  return dummyHash;
}

export async function verifyPassword(password: string | Buffer, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(Buffer.from(password), Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export { passwordMeetsRules } from '../../contract/rules.ts';
