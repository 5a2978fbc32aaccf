import { createStore } from 'zustand/vanilla';
import { DEFAULT_TRANSFER, SWAP_ASSET, type AccountKind } from './transfer-codes.ts';

/**
 * spec §3 "Transfer state" of the trading page: the asset, the direction (transferFrom, transferTo) and the modal's
 * visibility; the exchange is the page's account (FuturesTransfer.tsx). One modal a page, which whatever offers a
 * transfer opens: the toolbar's button, the ticket's "Transfer" beside its over-balance error.
 */
export interface TransferState {
  visible: boolean;
  asset: string;
  from: AccountKind;
  to: AccountKind;
  /** Counts the openings that named a direction: each starts the modal afresh in it. */
  opened: number;
}

export const transferStore = createStore<TransferState>(() => ({ visible: false, asset: SWAP_ASSET, ...DEFAULT_TRANSFER, opened: 0 }));

/**
 * Opens the transfer modal. An opener that names a direction (and asset) starts it afresh in it; one that names none
 * (the toolbar's button) finds it as it was left.
 */
export function showTransferModal(initial?: { from: AccountKind; to: AccountKind; asset?: string }): void {
  transferStore.setState((s) => (initial ? { visible: true, from: initial.from, to: initial.to, asset: initial.asset ?? s.asset, opened: s.opened + 1 } : { visible: true }));
}

export function hideTransferModal(): void {
  transferStore.setState({ visible: false });
}
