import { useState, type ReactNode } from 'react';
import { DataTable } from '../records/DataTable.tsx';
import type { DataColumn } from '../records/data-table-parts.tsx';
import { FormMessage } from '../form/index.ts';
import { countdown as countdownText, useLockClock } from './lock-clock.ts';
import { useAddressDelete, type AddressDeleteTexts } from './use-address-delete.tsx';

export interface AddressEntry {
  id: string;
  name: string;
  /** When the entry's 24-hour lock ends (server/README.md "Wallet"). */
  usableAt: string;
}

export interface AddressColumn<E> {
  header: string;
  cell: (entry: E) => ReactNode;
  className?: string;
}

/** What a person reads in the book, in the feature's words. */
export interface AddressBookTexts extends AddressDeleteTexts {
  add: string;
  name: string;
  usable: string;
  ready: string;
  actions: string;
  delete: string;
  deleteNamed: (name: string) => string;
  deleted: (name: string) => string;
  /** The lock of an entry still locked, its wait in HH:MM:SS. */
  lockedFor: (entry: { usableAt: string }, wait: string) => string;
  saved: (entry: { name: string; usableAt: string }) => string;
}

export interface AddressBookProps<E extends AddressEntry> {
  /** The saved entries, null while they load. */
  entries: readonly E[] | null;
  /** The load's failure in words, or null. */
  loadError: string | null;
  /** The columns between the name and the lock. */
  columns: readonly AddressColumn<E>[];
  /** Attributes that identify a row (`data-address`). */
  rowData: (entry: E) => Record<`data-${string}`, string>;
  /** The add form, given what to call once the entry is saved; null while it cannot be shown yet. */
  addForm: (onSaved: (entry: E) => void) => ReactNode;
  remove: (id: string) => Promise<unknown>;
  /** The book changed (an entry saved or deleted): load it again. */
  onChanged: () => void;
  describeFailure: (failure: unknown) => string;
  texts: AddressBookTexts;
}

/**
 * An address book (spec §2 wallet/address; spec §5 whitelist): its messages, the add button and form, the entries
 * with their 24-hour lock counting down, and deleting an entry after a confirmation. Columns, the add form, the
 * calls and the words are the feature's.
 */
export function AddressBook<E extends AddressEntry>({ entries, loadError, columns, rowData, addForm, remove, onChanged, describeFailure, texts }: AddressBookProps<E>) {
  const [adding, setAdding] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  // The countdowns tick while an entry is still locked.
  const now = useLockClock((entries ?? []).map((entry) => entry.usableAt), 'countdown');
  const deletion = useAddressDelete<E>(
    (entry) =>
      void remove(entry.id).then(
        () => {
          setMessage({ text: texts.deleted(entry.name), tone: 'success' });
          onChanged();
        },
        (error: unknown) => setMessage({ text: describeFailure(error), tone: 'error' }),
      ),
    texts,
    'book-delete-confirm',
  );
  const form = adding
    ? addForm((entry) => {
        setAdding(false);
        setMessage({ text: texts.saved(entry), tone: 'success' });
        onChanged();
      })
    : null;

  return (
    <>
      {loadError ? <FormMessage text={loadError} /> : null}
      {message ? <FormMessage text={message.text} tone={message.tone} /> : null}
      <div className="td-wallet-actions">
        <button type="button" className="td-button td-button-primary" onClick={() => setAdding((v) => !v)} aria-expanded={adding} data-testid="book-add-toggle">
          {texts.add}
        </button>
      </div>
      {form}
      <DataTable<E>
        rows={entries ?? []}
        columns={[
          { id: 'name', header: texts.name, rowHeader: true, cell: (entry) => entry.name },
          ...columns.map((column): DataColumn<E> => ({ id: column.header, header: column.header, cell: column.cell, ...(column.className ? { cellProps: () => ({ className: column.className }) } : {}) })),
          {
            id: 'usable',
            header: texts.usable,
            cellProps: (entry) => ({ 'data-testid': 'book-usable', 'data-locked': Date.parse(entry.usableAt) - now > 0 }),
            cell: (entry) => {
              const wait = Date.parse(entry.usableAt) - now;
              return wait > 0 ? texts.lockedFor(entry, countdownText(wait)) : texts.ready;
            },
          },
          {
            id: 'actions',
            header: texts.actions,
            cell: (entry) => (
              <button type="button" className="td-link-button" onClick={() => deletion.ask(entry)} aria-label={texts.deleteNamed(entry.name)}>
                {texts.delete}
              </button>
            ),
          },
        ]}
        rowKey={(entry) => entry.id}
        rowProps={rowData}
        testId="book-table"
        className="td-table"
        region={{ className: 'td-table-scroll', focusable: false }}
        headersWhenEmpty={entries === null}
      />
      {deletion.modal}
    </>
  );
}
