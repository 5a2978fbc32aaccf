import { DataChart } from './DataChart.tsx';

/** spec §2 dataChart (white layout, public): a project's shareable performance page on a desktop. */
export default function DataChartPage() {
  return <DataChart phone={false} />;
}
