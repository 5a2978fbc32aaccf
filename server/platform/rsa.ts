import { constants, createHmac, createPrivateKey, generateKeyPairSync, privateDecrypt, type KeyObject } from 'node:crypto';
import type { Queryable } from './db/client.ts';

/**
 * The key pair whose public half the sandbox publishes (platformConfiguration/get → publicKey) and with
 * which clients encrypt passwords through jsencrypt (RSA PKCS#1 v1.5, spec §5).
 *
 * Node 20 refuses PKCS#1 v1.5 in privateDecrypt (CVE-2023-46809, the Marvin timing attack). So the raw
 * RSA operation runs with RSA_NO_PADDING and the type-2 unpadding is done here without branching on the
 * padding bytes; a bad padding yields a synthetic message derived from the ciphertext ("implicit rejection",
 * as in OpenSSL 3.2+) instead of an error, so callers take the same path as for a wrong password.
 */
export interface RsaKeys {
  publicPem: string;
  decrypt(ciphertextBase64: string): Buffer;
}

export async function loadOrCreateKeys(db: Queryable, now: Date): Promise<RsaKeys> {
  const rows = await db.query<{ public_pem: string; private_pem: string }>(
    "select public_pem, private_pem from server_keys where name = 'rsa'",
  );
  let row = rows[0];
  if (!row) {
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    // Another process may have raced us here; keep whichever pair landed first.
    await db.query(
      "insert into server_keys (name, public_pem, private_pem, created_at) values ('rsa', $1, $2, $3) on conflict (name) do nothing",
      [pair.publicKey, pair.privateKey, now],
    );
    const again = await db.query<{ public_pem: string; private_pem: string }>(
      "select public_pem, private_pem from server_keys where name = 'rsa'",
    );
    row = again[0];
    if (!row) throw new Error('RSA key pair could not be stored');
  }
  return makeKeys(row.public_pem, createPrivateKey(row.private_pem));
}

export function makeKeys(publicPem: string, privateKey: KeyObject): RsaKeys {
  const modulusBytes = Math.ceil((privateKey.asymmetricKeyDetails?.modulusLength ?? 2048) / 8);
  // Secret for the synthetic messages: derived from the private key, so it is stable across restarts.
  const rejectionKey = createHmac('sha256', 'pkcs1-implicit-rejection')
    .update(privateKey.export({ type: 'pkcs8', format: 'der' }))
    .digest();
  return {
    publicPem,
    decrypt(ciphertextBase64: string): Buffer {
      const ciphertext = Buffer.from(ciphertextBase64, 'base64');
      const synthetic = syntheticMessage(rejectionKey, ciphertext);
      if (ciphertext.length === 0 || ciphertext.length > modulusBytes) return synthetic;
      // jsencrypt drops leading zero bytes of the ciphertext; RSA wants exactly k bytes.
      const padded = Buffer.alloc(modulusBytes);
      ciphertext.copy(padded, modulusBytes - ciphertext.length);
      let encoded: Buffer;
      try {
        encoded = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, padded);
      } catch {
        return synthetic; // ciphertext ≥ modulus: same answer as a bad padding
      }
      return unpadType2(encoded, synthetic);
    },
  };
}

/**
 * EME-PKCS1-v1_5 decoding (RFC 8017 §7.2.2) over every byte with masks instead of branches:
 * 0x00 ‖ 0x02 ‖ PS (≥ 8 non-zero bytes) ‖ 0x00 ‖ M. On failure returns `fallback`.
 */
export function unpadType2(encoded: Buffer, fallback: Buffer): Buffer {
  const k = encoded.length;
  let good = isZero(encoded[0] ?? 1) & isZero((encoded[1] ?? 0) ^ 2);
  let lookingForZero = 1;
  let zeroIndex = 0;
  for (let i = 2; i < k; i++) {
    const zero = isZero(encoded[i] ?? 1);
    const take = lookingForZero & zero;
    zeroIndex = select(take, i, zeroIndex);
    lookingForZero &= ~zero & 1;
  }
  good &= ~lookingForZero & 1;
  good &= lessOrEqual(10, zeroIndex); // PS is at least 8 bytes: the separator sits at index ≥ 10
  const start = select(good, zeroIndex + 1, k - fallback.length);
  // Copy from both sources and choose with a mask, so the work does not depend on `good`.
  const length = select(good, k - zeroIndex - 1, fallback.length);
  const out = Buffer.alloc(length);
  const mask = -good & 0xff;
  for (let i = 0; i < length; i++) {
    out[i] = ((encoded[start + i] ?? 0) & mask) | ((fallback[i] ?? 0) & ~mask & 0xff);
  }
  return out;
}

/** 1 when the byte (0–255) is zero, else 0: `byte - 1` is negative only for zero. */
function isZero(byte: number): number {
  return ((byte - 1) >>> 31) & 1;
}

function select(bit: number, a: number, b: number): number {
  const mask = -bit;
  return (a & mask) | (b & ~mask);
}

function lessOrEqual(a: number, b: number): number {
  return ((a - b - 1) >>> 31) & 1;
}

/** A deterministic stand-in message (8–40 bytes) for a ciphertext that does not decode. */
function syntheticMessage(key: Buffer, ciphertext: Buffer): Buffer {
  const digest = createHmac('sha256', key).update(ciphertext).digest();
  const extra = createHmac('sha256', key).update(digest).digest();
  const length = 8 + ((digest[0] ?? 0) % 33);
  return Buffer.concat([digest, extra]).subarray(0, length);
}
