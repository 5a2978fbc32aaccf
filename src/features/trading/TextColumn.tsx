import type { Ref } from 'react';

/**
 * One column of a virtualised list (BookSideList, RecentTrades): a line per visible row in a single text
 * node, so a tick changes one text node per column instead of a box per row.
 */
export function TextColumn({ className, col, label, lines, ref }: { className: string; col: string; label: string; lines: readonly string[]; ref?: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} className={className} data-col={col} role="group" aria-label={label}>
      {lines.join('\n')}
    </div>
  );
}
