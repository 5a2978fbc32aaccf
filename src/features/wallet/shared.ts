// Entry of the wallet feature for other features' lazily loaded pages (record, convert, broker): its calls and their
// types, the record cells (translated fund state, shortened values), the asset select and the error describer.
import './wallet.css';

export { type DepositAddress, walletApi, type CoinRecord, type CoinRecordPage, type CoinRecordQuery, type SupportedAsset } from './api.ts';
export { AssetSelect, type AssetOption } from './AssetPicker.tsx';
export { describeWalletError } from './errors.ts';
export { useSupportedAssets } from './hooks.ts';
export { allSupportAssetList } from './asset-lists.ts';
export { useAllSupportAssetList } from './use-all-assets.ts';
export { CoinStatus, ShortValue } from './RecordCells.tsx';
export { useCopy } from './CopyField.tsx';
export { fiatApi, type FiatRecord, type FiatRecordQuery } from './api.ts';
export { FiatStatus, maskAccount, useFiatAssets } from './FiatParts.tsx';
export { transferApi, type TransferQuery, type TransferRecord } from './api.ts';
export { useWalletArea, WalletAreaProvider, type WalletArea } from './area.tsx';
export { WalletShell } from './WalletShell.tsx';
