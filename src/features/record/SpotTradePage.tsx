import { RecordTradePage } from './RecordTradePage.tsx';

export default function SpotTradePage() {
  return <RecordTradePage market="spot" />;
}
