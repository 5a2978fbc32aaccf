import { constants, generateKeyPairSync, publicEncrypt, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { makeKeys, unpadType2 } from './rsa.ts';

const require = createRequire(import.meta.url);
const JSEncrypt = require('jsencrypt') as new () => { setPublicKey(key: string): void; encrypt(text: string): string | false };

const keyPair = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pair = { publicKey: keyPair.publicKey.export({ type: 'spki', format: 'pem' }).toString(), privateKey: keyPair.privateKey };
const keys = makeKeys(pair.publicKey, pair.privateKey);

function jsencrypt(text: string): string {
  const encryptor = new JSEncrypt();
  encryptor.setPublicKey(pair.publicKey);
  const out = encryptor.encrypt(text);
  if (out === false) throw new Error('encrypt failed');
  return out;
}

/** Raw RSA of a hand-made encoded block, to feed the decoder paddings jsencrypt would never make. */
function rawEncrypt(block: Buffer): string {
  return publicEncrypt({ key: pair.publicKey, padding: constants.RSA_NO_PADDING }, block).toString('base64');
}

function block(head: number[], psLength: number, separator: number, message: Buffer): Buffer {
  const ps = Buffer.alloc(psLength, 0x5a);
  const out = Buffer.concat([Buffer.from(head), ps, Buffer.from([separator]), message]);
  const padded = Buffer.alloc(256);
  out.copy(padded, 256 - out.length);
  return padded;
}

describe('RSA PKCS#1 v1.5 decryption without privateDecrypt padding (CVE-2023-46809)', () => {
  it('decrypts what jsencrypt encrypts, including non-ASCII passwords', () => {
    for (const password of ['Passw0rd!', 'Ünïcødé-密碼-9aA!', 'x'.repeat(100)]) {
      expect(keys.decrypt(jsencrypt(password)).toString('utf8')).toBe(password);
    }
  });

  it('decrypts many random ciphertexts (some shorter than the modulus once leading zeros are dropped)', () => {
    for (let i = 0; i < 40; i++) {
      const password = randomBytes(12).toString('base64');
      expect(keys.decrypt(jsencrypt(password)).toString('utf8')).toBe(password);
    }
  });

  it('accepts a ciphertext whose leading zero bytes were stripped', () => {
    const message = Buffer.from('Short1!a');
    for (let attempt = 0; attempt < 2000; attempt++) {
      const ct = publicEncrypt({ key: pair.publicKey, padding: constants.RSA_PKCS1_PADDING }, message);
      if (ct[0] !== 0) continue;
      expect(keys.decrypt(ct.subarray(1).toString('base64')).toString()).toBe('Short1!a');
      return;
    }
    // A leading zero byte shows up about once in 256 encryptions; 2000 tries make a miss vanishingly rare.
    throw new Error('no ciphertext with a leading zero byte found');
  });

  it('answers a bad padding with a synthetic message: deterministic, never the real content', () => {
    const message = Buffer.from('Secret1!');
    const cases = [
      block([0x00, 0x01], 253 - message.length, 0x00, message), // block type 1
      block([0x01, 0x02], 253 - message.length, 0x00, message), // first byte not zero
      block([0x00, 0x02], 5, 0x00, Buffer.concat([message, Buffer.alloc(240, 1)])), // PS shorter than 8 bytes
      Buffer.concat([Buffer.from([0x00, 0x02]), Buffer.alloc(254, 0x33)]), // no separator
    ];
    for (const encoded of cases) {
      const ct = rawEncrypt(encoded);
      const first = keys.decrypt(ct);
      expect(first.includes(message)).toBe(false);
      expect(first.length).toBeGreaterThanOrEqual(8);
      expect(keys.decrypt(ct).equals(first)).toBe(true);
    }
    const good = block([0x00, 0x02], 253 - message.length, 0x00, message);
    expect(keys.decrypt(rawEncrypt(good)).toString()).toBe('Secret1!');
  });

  it('answers garbage the same way: empty, too long, not below the modulus', () => {
    expect(keys.decrypt('').length).toBeGreaterThanOrEqual(8);
    expect(keys.decrypt(Buffer.alloc(300, 1).toString('base64')).length).toBeGreaterThanOrEqual(8);
    expect(keys.decrypt(Buffer.alloc(256, 0xff).toString('base64')).length).toBeGreaterThanOrEqual(8);
  });

  it('unpads by the rules of RFC 8017 §7.2.2', () => {
    const fallback = Buffer.from('fallback');
    const ok = Buffer.concat([Buffer.from([0, 2]), Buffer.alloc(8, 7), Buffer.from([0]), Buffer.from('hi')]);
    expect(unpadType2(ok, fallback).toString()).toBe('hi');
    const empty = Buffer.concat([Buffer.from([0, 2]), Buffer.alloc(8, 7), Buffer.from([0])]);
    expect(unpadType2(empty, fallback).length).toBe(0);
    const shortPs = Buffer.concat([Buffer.from([0, 2]), Buffer.alloc(7, 7), Buffer.from([0]), Buffer.from('hi')]);
    expect(unpadType2(shortPs, fallback).toString()).toBe('fallback');
  });
});
