import { DataChart } from './DataChart.tsx';

/** spec §2 h5/dataChart (white layout, public): the same page laid out for a phone (one column, a shorter chart). */
export default function H5DataChartPage() {
  return <DataChart phone />;
}
