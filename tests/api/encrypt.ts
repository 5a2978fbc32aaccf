import { createRequire } from 'node:module';

// jsencrypt's ES build uses extensionless imports Node cannot load; its CommonJS build runs as is.
const JSEncrypt = createRequire(import.meta.url)('jsencrypt') as new () => { setPublicKey(key: string): void; encrypt(text: string): string | false };

/** `text` encrypted with the sandbox's public key, as the app sends a password (spec §7 RSA, PKCS#1 v1.5). */
export function encryptFor(publicKey: string, text: string): string {
  const encryptor = new JSEncrypt();
  encryptor.setPublicKey(publicKey);
  const out = encryptor.encrypt(text);
  if (out === false) throw new Error('jsencrypt failed');
  return out;
}
