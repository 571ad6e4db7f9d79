/**
 * The section tabs on a phone are one row that scrolls sideways (console.css). These are the
 * pixels it must scroll for the chosen tab to stand wholly in view: none when it already does;
 * else the tab's start (or its end, coming from the right) a margin in, so the next tab's edge
 * still shows that there is more.
 */
const STRIP_MARGIN = 32;

interface Span {
  left: number;
  right: number;
}

export function stripOffset(row: Span, tab: Span): number {
  if (tab.left >= row.left && tab.right <= row.right) return 0;
  if (tab.left < row.left) return tab.left - row.left - STRIP_MARGIN;
  // Never so far that the tab's own start leaves the row (a tab wider than the row shows its start).
  return Math.min(tab.right - row.right + STRIP_MARGIN, tab.left - row.left);
}
