import { useStore } from 'zustand';
import { futuresData } from '../futures-data/instance.ts';
import { TransferModal } from './TransferModal.tsx';
import { hideTransferModal, transferStore } from './transfer-store.ts';

/** The trading page's one transfer modal (transfer-store.ts), for the page's account; a transfer refreshes the futures data. */
export function FuturesTransfer({ keyId }: { keyId: string | null }) {
  const { visible, asset, from, to, opened } = useStore(transferStore);
  return <TransferModal key={opened} visible={visible} onClose={hideTransferModal} onDone={() => futuresData.refresh()} keyId={keyId} initial={{ from, to }} asset={asset} />;
}
