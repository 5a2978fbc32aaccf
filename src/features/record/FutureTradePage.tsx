import { RecordTradePage } from './RecordTradePage.tsx';

export default function FutureTradePage() {
  return <RecordTradePage market="usdm" />;
}
