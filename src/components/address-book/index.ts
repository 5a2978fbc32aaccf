// Entry of the address book (spec §2 wallet/address, spec §5 whitelist): the book, its delete confirmation, the
// 24-hour lock clock, and the add forms' shared parts and submit. Imported by lazily loaded pages only, like the form kit.
export { AddressBook, type AddressBookProps, type AddressBookTexts, type AddressColumn, type AddressEntry } from './AddressBook.tsx';
export { AddressForm, AssetSelect, ChainFields, checkAddressName, NameField, pickNetwork, type ChainAsset, type ChainNetwork } from './AddressForm.tsx';
export { countdown, useLockClock } from './lock-clock.ts';
export { useAddressDelete, type AddressDeleteTexts } from './use-address-delete.tsx';
export { useFormValues, useStepUpForm, type Described, type StepUpForm, type StepUpFormOptions } from './use-step-up-form.ts';
