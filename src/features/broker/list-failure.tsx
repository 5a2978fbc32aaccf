import type { DataTableValue } from 'primereact/datatable';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordTable } from '../../components/records/index.ts';
import { describeWalletError } from '../wallet/shared.ts';

/** A broker list's failed load in words: as the wallet describes its refusals (RecordTable's describeFailure). */
export function useListFailure(): (failure: unknown) => string {
  const { t: tw } = useTranslation('wallet');
  return (failure) => describeWalletError(tw, failure).message;
}

type RecordTableProps<T extends DataTableValue> = ComponentProps<typeof RecordTable<T>>;

/** RecordTable with the broker lists' describer, for the money and config pages, which do not pass it themselves. */
export function BrokerTable<T extends DataTableValue>(props: Omit<RecordTableProps<T>, 'describeFailure'>) {
  const describeFailure = useListFailure();
  return <RecordTable<T> {...props} describeFailure={describeFailure} />;
}
