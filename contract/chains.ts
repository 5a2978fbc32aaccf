import { base58, base58check, bech32, bech32m } from '@scure/base';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';

/**
 * The networks of the wallet (spec §1 "Wallet": here BTC, ETH, USDT on ERC-20 and TRC-20, SOL) and each chain's address
 * format with its checksum, checked by audited libraries (@scure/base for bech32/base58check, @noble/hashes
 * for EIP-55's Keccak-256), never by hand-written base58 or bech32. Shared by the sandbox (deposit
 * addresses, withdrawal checks) and the app (withdraw form, lookalike warning).
 */
export type Network = 'BTC' | 'ETH' | 'TRX' | 'SOL';

export interface NetworkInfo {
  network: Network;
  /** The chain's own name as users know it, and the token standard for tokens on it. */
  label: string;
  /** Confirmations before a deposit is credited or a withdrawal is final. */
  confirmations: number;
  /** Seconds between blocks on the sandbox clock. */
  blockSeconds: number;
  /** A memo or tag is part of the address (none of these networks need one; XRP-like chains would). */
  memo: boolean;
}

export const NETWORKS: Record<Network, NetworkInfo> = {
  BTC: { network: 'BTC', label: 'Bitcoin', confirmations: 2, blockSeconds: 600, memo: false },
  ETH: { network: 'ETH', label: 'Ethereum (ERC-20)', confirmations: 12, blockSeconds: 12, memo: false },
  TRX: { network: 'TRX', label: 'Tron (TRC-20)', confirmations: 19, blockSeconds: 3, memo: false },
  SOL: { network: 'SOL', label: 'Solana', confirmations: 32, blockSeconds: 1, memo: false },
};

export interface CoinNetwork {
  asset: string;
  network: Network;
  /** Decimals the chain carries for this asset; amounts finer than this are refused. */
  decimals: number;
  /** Withdrawal fee, in the asset. */
  withdrawFee: string;
  withdrawMin: string;
  withdrawMax: string;
  depositMin: string;
}

/** Which asset goes on which network, with its fee and limits (spec §5: above the fee, within min and max). */
export const COIN_NETWORKS: readonly CoinNetwork[] = [
  { asset: 'BTC', network: 'BTC', decimals: 8, withdrawFee: '0.0002', withdrawMin: '0.001', withdrawMax: '100', depositMin: '0.0001' },
  { asset: 'ETH', network: 'ETH', decimals: 8, withdrawFee: '0.002', withdrawMin: '0.01', withdrawMax: '2000', depositMin: '0.001' },
  { asset: 'USDT', network: 'ETH', decimals: 6, withdrawFee: '5', withdrawMin: '20', withdrawMax: '5000000', depositMin: '1' },
  { asset: 'USDT', network: 'TRX', decimals: 6, withdrawFee: '1', withdrawMin: '10', withdrawMax: '5000000', depositMin: '1' },
  { asset: 'SOL', network: 'SOL', decimals: 8, withdrawFee: '0.01', withdrawMin: '0.1', withdrawMax: '50000', depositMin: '0.01' },
];

export function coinNetwork(asset: string, network: string): CoinNetwork | undefined {
  return COIN_NETWORKS.find((n) => n.asset === asset && n.network === network);
}

function eip55(hexLower: string): string {
  const hash = keccak_256(new TextEncoder().encode(hexLower));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    const char = hexLower[i]!;
    out += nibble >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

const tron = base58check(sha256);

function bytesToHex(bytes: Uint8Array): string {
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * True when `address` is a valid address of the network, checksum included:
 * - BTC: bech32 (segwit v0, 20- or 32-byte program) or bech32m (taproot v1, 32 bytes) with the `bc` prefix,
 *   or base58check P2PKH (version 0x00) / P2SH (0x05);
 * - ETH: 0x + 40 hex digits; mixed case must match EIP-55 (all-lower or all-upper carries no checksum and
 *   is accepted, as wallets do);
 * - TRX: base58check of 0x41 + 20 bytes (starts with T);
 * - SOL: base58 of exactly 32 bytes.
 */
export function isValidAddress(network: Network, address: string): boolean {
  if (address.length === 0 || address.length > 100 || address.trim() !== address) return false;
  try {
    switch (network) {
      case 'BTC': {
        if (/^bc1/i.test(address)) {
          if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
          const lower = address.toLowerCase();
          const v0 = bech32.decodeUnsafe(lower);
          if (v0 && v0.prefix === 'bc' && v0.words[0] === 0) {
            const program = bech32.fromWords(v0.words.slice(1));
            return program.length === 20 || program.length === 32;
          }
          const v1 = bech32m.decodeUnsafe(lower);
          if (v1 && v1.prefix === 'bc' && v1.words[0] === 1) return bech32m.fromWords(v1.words.slice(1)).length === 32;
          return false;
        }
        const bytes = base58check(sha256).decode(address);
        return bytes.length === 21 && (bytes[0] === 0x00 || bytes[0] === 0x05);
      }
      case 'ETH': {
        if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
        const digits = address.slice(2);
        if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return true;
        return eip55(digits.toLowerCase()) === address;
      }
      case 'TRX': {
        const bytes = tron.decode(address);
        return bytes.length === 21 && bytes[0] === 0x41;
      }
      case 'SOL':
        return base58.decode(address).length === 32;
    }
  } catch {
    return false;
  }
}

/** A valid address of the network made from 32 bytes of entropy (the sandbox's deposit addresses). */
export function addressFromBytes(network: Network, bytes: Uint8Array): string {
  if (bytes.length < 32) throw new Error('32 bytes needed');
  switch (network) {
    case 'BTC':
      return bech32.encode('bc', [0, ...bech32.toWords(bytes.slice(0, 20))]);
    case 'ETH':
      return eip55(bytesToHex(bytes.slice(0, 20)));
    case 'TRX':
      return tron.encode(Uint8Array.from([0x41, ...bytes.slice(0, 20)]));
    case 'SOL':
      return base58.encode(bytes.slice(0, 32));
  }
}

/**
 * Lookalike check (address poisoning): a candidate that shares the first and last `edge` characters with a
 * saved address but differs in between is what an attacker's vanity address looks like.
 */
export function looksLike(candidate: string, saved: string, edge = 4): boolean {
  if (candidate === saved || candidate.length < edge * 2 || saved.length < edge * 2) return false;
  const a = candidate.toLowerCase();
  const b = saved.toLowerCase();
  return a !== b && a.slice(0, edge) === b.slice(0, edge) && a.slice(-edge) === b.slice(-edge);
}
