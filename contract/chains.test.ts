import { describe, expect, it } from 'vitest';
import { addressFromBytes, isValidAddress, looksLike, NETWORKS, type Network } from './chains.ts';

// Published addresses of each format: BIP-173/BIP-350 test vectors, the EIP-55 examples, a Tron and a
// Solana address (the USDT contract on Tron; the SPL token program).
const valid: Array<[Network, string]> = [
  ['BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
  ['BTC', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4'],
  ['BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'],
  ['BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
  ['BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
  ['ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
  ['ETH', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'],
  ['ETH', '0x52908400098527886e0f7030069857d2e4169ee7'],
  ['TRX', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
  ['SOL', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'],
];

const invalid: Array<[Network, string, string]> = [
  ['BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'bech32 checksum'],
  ['BTC', 'bc1qw508d6qejxtdg4y5r3zarvaRY0c5xw7kv8f3t4', 'mixed case'],
  ['BTC', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'testnet prefix'],
  ['BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', 'base58check checksum'],
  ['ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', 'EIP-55 checksum'],
  ['ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA', 'length'],
  ['TRX', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'base58check checksum'],
  ['TRX', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'a Bitcoin address'],
  ['SOL', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5D', 'short'],
  ['SOL', '0OIl' + 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'.slice(4), 'not base58'],
];

describe('addresses per network, checksums included', () => {
  it.each(valid)('%s accepts %s', (network, address) => {
    expect(isValidAddress(network, address)).toBe(true);
  });

  it.each(invalid)('%s refuses %s (%s)', (network, address) => {
    expect(isValidAddress(network, address)).toBe(false);
  });

  it('makes valid addresses of every network from entropy, different for different bytes', () => {
    for (const network of Object.keys(NETWORKS) as Network[]) {
      const a = addressFromBytes(network, new Uint8Array(32).fill(7));
      const b = addressFromBytes(network, new Uint8Array(32).fill(8));
      expect(isValidAddress(network, a)).toBe(true);
      expect(a).not.toBe(b);
    }
  });

  it('flags an address that matches a saved one only at its start and end', () => {
    const saved = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect(looksLike('0x5aAe00000000000000000000000000000000eAed', saved)).toBe(true);
    expect(looksLike(saved, saved)).toBe(false);
    expect(looksLike('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', saved)).toBe(false);
  });
});
