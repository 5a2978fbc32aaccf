import { useState, type ReactNode } from 'react';
import { PageModal } from './PageModal.tsx';

export interface PendingAction {
  /** what the dialog is about: data-testid="confirm-<id>" */
  id: string;
  title: string;
  /** what will happen, in plain words */
  body: ReactNode;
  confirmText: string;
  run: () => Promise<void>;
}

/**
 * A risky trading action waits here for a confirmation that says what will happen (spec §2 "Futures trading":
 * margin-type and position-mode switches, cancel all). The dialog stays until the action has answered; a refusal is shown by
 * the API client and closes it.
 */
export function ConfirmAction({ pending, onDone, cancelText }: { pending: PendingAction | null; onDone: () => void; cancelText: string }) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!pending || busy) return;
    setBusy(true);
    try {
      await pending.run();
    } catch {
      // the API client has shown the refusal
    } finally {
      setBusy(false);
      onDone();
    }
  };
  return (
    <PageModal
      visible={pending !== null}
      title={pending?.title ?? ''}
      onClose={onDone}
      onConfirm={() => void confirm()}
      confirmText={pending?.confirmText ?? ''}
      closeText={cancelText}
      confirmDisabled={busy}
    >
      {pending && (
        <div className="td-confirm-action" data-testid={`confirm-${pending.id}`}>
          {pending.body}
        </div>
      )}
    </PageModal>
  );
}
