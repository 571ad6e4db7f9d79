/**
 * A list after moving the entry at `index` one place up (`-1`) or down (`1`); null when it is
 * already first or last. The whole new list is what the API's reorder calls take (an auction's
 * parts by id, a lot's photos in its edit).
 */
export function movedItems<T>(items: readonly T[], index: number, step: -1 | 1): T[] | null {
  const target = index + step;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return null;
  const next = [...items];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}
