import { useMemo } from 'react';
import { qrPath } from './qr-path.ts';

const QUIET_ZONE = 4; // modules of white border the QR specification asks for

export function QrCode({ value, label, size = 184, testId = 'ga-qr' }: { value: string; label: string; size?: number; testId?: string }) {
  const { size: modules, d } = useMemo(() => qrPath(value), [value]);
  const box = modules + QUIET_ZONE * 2;
  return (
    <svg className="td-qr" role="img" aria-label={label} width={size} height={size} viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${box} ${box}`} shapeRendering="crispEdges" data-testid={testId}>
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={box} height={box} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
