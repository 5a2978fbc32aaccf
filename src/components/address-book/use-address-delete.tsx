import { useState } from 'react';
import { Modal } from '../modal/Modal.tsx';

export interface AddressDeleteTexts {
  title: string;
  confirm: (name: string) => string;
}

/**
 * Deleting an address-book entry: the spec §2 confirmation modal, then `confirmed(entry)` (the call and what the
 * page says afterwards). `ask(entry)` opens the modal; render `modal` once in the page.
 */
export function useAddressDelete<E extends { id: string; name: string }>(confirmed: (entry: E) => void, texts: AddressDeleteTexts, testId: string) {
  const [deleting, setDeleting] = useState<E | null>(null);
  const modal = (
    <Modal
      visible={deleting !== null}
      title={texts.title}
      onClose={() => setDeleting(null)}
      onConfirm={() => {
        const entry = deleting;
        setDeleting(null);
        if (entry) confirmed(entry);
      }}
    >
      <p data-testid={testId}>{deleting ? texts.confirm(deleting.name) : ''}</p>
    </Modal>
  );
  return { ask: setDeleting, modal };
}
