/**
 * One column of a virtualised list (BookSideList, RecentTrades): a line per visible row in a single text
 * node, so a tick changes one text node per column instead of a box per row.
 */
export function TextColumn({ className, col, label, lines }: { className: string; col: string; label: string; lines: readonly string[] }) {
  return (
    <div className={className} data-col={col} role="group" aria-label={label}>
      {lines.join('\n')}
    </div>
  );
}
