import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Queryable } from '../platform/db/client.ts';

/**
 * Encryption at rest of the broker API keys' secrets and passphrases: they are stored encrypted and never returned
 * after creation. AES-256-GCM with the sandbox's own key, made once and kept in
 * `server_keys` (name `broker-secrets`, beside the RSA pair of server/platform/rsa.ts); every value has its own random
 * 96-bit nonce, and the key's public id is the associated data, so a ciphertext moved to another key's row does
 * not open. Sealed text: `v1.<nonce>.<tag>.<ciphertext>`, each part base64url.
 */
export interface SecretBox {
  seal(plain: string, associated: string): string;
  open(sealed: string, associated: string): string;
}

const NAME = 'broker-secrets';

export async function loadSecretBox(db: Queryable, now: Date): Promise<SecretBox> {
  const read = async () => (await db.query<{ private_pem: string }>('select private_pem from server_keys where name = $1', [NAME]))[0];
  let row = await read();
  if (!row) {
    // Another process may have raced us here; keep whichever key landed first.
    await db.query(
      "insert into server_keys (name, public_pem, private_pem, created_at) values ($1, '', $2, $3) on conflict (name) do nothing",
      [NAME, randomBytes(32).toString('base64'), now],
    );
    row = await read();
    if (!row) throw new Error('broker secret key could not be stored');
  }
  return secretBox(Buffer.from(row.private_pem, 'base64'));
}

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('AES-256 needs a 32-byte key');
  return {
    seal(plain, associated) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(associated, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', nonce, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open(sealed, associated) {
      const [version, nonce, tag, body] = sealed.split('.');
      if (version !== 'v1' || !nonce || !tag || body === undefined) throw new Error('not a sealed broker secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAAD(Buffer.from(associated, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
