import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render, type Rendered } from '../testing/render.tsx';
import { AddressBook, type AddressBookTexts, type AddressEntry } from './index.ts';

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

interface Entry extends AddressEntry {
  address: string;
}

const texts: AddressBookTexts = {
  add: 'Add',
  name: 'Name',
  usable: 'Usable',
  ready: 'Ready',
  actions: 'Actions',
  delete: 'Delete',
  deleteNamed: (name) => `Delete ${name}`,
  deleted: (name) => `Deleted ${name}`,
  title: 'Delete entry',
  confirm: (name) => `Delete ${name}?`,
  lockedFor: (_entry, wait) => `Locked ${wait}`,
  saved: (entry) => `Saved ${entry.name}`,
};

const hour = 3_600_000;
const entries: Entry[] = [
  { id: '1', name: '<b>Cold</b>', address: 'addr-1', usableAt: new Date(Date.now() + 2 * hour).toISOString() },
  { id: '2', name: 'Hot', address: 'addr-2', usableAt: new Date(Date.now() - hour).toISOString() },
];

function Book(props: { remove: (id: string) => Promise<unknown>; onChanged: () => void }) {
  return (
    <AddressBook<Entry>
      entries={entries}
      loadError={null}
      columns={[{ header: 'Address', cell: (e) => e.address, className: 'td-address' }]}
      rowData={(e) => ({ 'data-address': e.address })}
      addForm={(onSaved) => (
        <button type="button" data-testid="save" onClick={() => onSaved({ id: '3', name: 'New', address: 'addr-3', usableAt: entries[0]!.usableAt })}>
          save
        </button>
      )}
      describeFailure={(failure) => (failure instanceof Error ? failure.message : String(failure))}
      texts={texts}
      {...props}
    />
  );
}

const q = (selector: string) => document.querySelector<HTMLElement>(selector);

describe('AddressBook (spec §2 wallet/address)', () => {
  it('shows each entry by its columns, names as text, and the 24-hour lock counting down', async () => {
    view = await render(<Book remove={vi.fn()} onChanged={vi.fn()} />);
    const rows = [...document.querySelectorAll<HTMLElement>('[data-testid="book-table"] tbody tr')];
    expect(rows.map((r) => r.dataset['address'])).toEqual(['addr-1', 'addr-2']);
    expect(rows[0]!.querySelector('th')!.textContent).toBe('<b>Cold</b>');
    expect(rows[0]!.querySelector('b')).toBeNull();
    expect(rows[0]!.querySelector('td.td-address')!.textContent).toBe('addr-1');
    const usable = rows.map((r) => r.querySelector<HTMLElement>('[data-testid="book-usable"]')!);
    expect(usable[0]!.dataset['locked']).toBe('true');
    expect(usable[0]!.textContent).toMatch(/^Locked 0[12]:\d\d:\d\d$/);
    expect(usable[1]!.textContent).toBe('Ready');
  });

  it('deletes an entry only after the confirmation, then says so and reloads', async () => {
    const remove = vi.fn(async () => ({}));
    const onChanged = vi.fn();
    view = await render(<Book remove={remove} onChanged={onChanged} />);
    await userEvent.click(q('[aria-label="Delete Hot"]')!);
    expect(q('[data-testid="book-delete-confirm"]')!.textContent).toBe('Delete Hot?');
    expect(remove).not.toHaveBeenCalled();
    await userEvent.click(q('.td-modal__button--primary')!);
    await expect.poll(() => q('[data-testid="form-success"]')?.textContent).toBe('Deleted Hot');
    expect(remove).toHaveBeenCalledWith('2');
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('shows a refused delete as text and does not reload', async () => {
    const onChanged = vi.fn();
    view = await render(<Book remove={async () => Promise.reject(new Error('<i>refused</i>'))} onChanged={onChanged} />);
    await userEvent.click(q('[aria-label="Delete Hot"]')!);
    await userEvent.click(q('.td-modal__button--primary')!);
    await expect.poll(() => q('[data-testid="form-error"]')?.textContent).toBe('<i>refused</i>');
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('opens the add form from its toggle and closes it once the entry is saved', async () => {
    const onChanged = vi.fn();
    view = await render(<Book remove={vi.fn()} onChanged={onChanged} />);
    const toggle = q('[data-testid="book-add-toggle"]')!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(q('[data-testid="save"]')).toBeNull();
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(q('[data-testid="save"]')!);
    await expect.poll(() => q('[data-testid="form-success"]')?.textContent).toBe('Saved New');
    expect(q('[data-testid="save"]')).toBeNull();
    expect(onChanged).toHaveBeenCalledTimes(1);
  });
});
