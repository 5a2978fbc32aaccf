// Entry of the address book (spec §2 wallet/address, spec §5 whitelist): the book, its delete confirmation and the
// 24-hour lock clock. Imported by lazily loaded pages only, like the form kit.
export { AddressBook, type AddressBookProps, type AddressBookTexts, type AddressColumn, type AddressEntry } from './AddressBook.tsx';
export { countdown, useLockClock } from './lock-clock.ts';
export { useAddressDelete, type AddressDeleteTexts } from './use-address-delete.tsx';
