/**
 * For browser tests of lists whose lines hold several fields between figure spaces (aligned-line.ts): where the
 * field-th field (0 = the first) of each non-blank line of `node` ends on screen, in px.
 */
export function fieldRightEdges(node: Text | null, field: number): number[] {
  if (!node) return [];
  const edges: number[] = [];
  let start = 0;
  for (const line of node.data.split('\n')) {
    // The end of the field-th run of characters that are not figure spaces.
    const end = [...line.matchAll(/[^\u2007]+/g)].map((m) => m.index + m[0].length)[field];
    if (end !== undefined) {
      const range = document.createRange();
      range.setStart(node, start + end - 1);
      range.setEnd(node, start + end);
      edges.push(range.getBoundingClientRect().right);
    }
    start += line.length + 1;
  }
  return edges;
}
