/**
 * The ids of a list after moving the entry at `index` one place up (`-1`) or down (`1`); null when
 * it is already first or last. The whole new list is what the API's reorder call takes.
 */
export function movedIds(ids: readonly number[], index: number, step: -1 | 1): number[] | null {
  const target = index + step;
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return null;
  const next = [...ids];
  [next[index], next[target]] = [next[target] as number, next[index] as number];
  return next;
}
