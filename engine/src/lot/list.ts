/**
 * An immutable linked list, newest first. Appending shares everything older, so evolving a lot
 * with a long history costs the same as evolving a new one, and earlier states stay valid.
 */
export type List<T> = { readonly head: T; readonly tail: List<T> } | null;

export function prepend<T>(list: List<T>, head: T): List<T> {
  return { head, tail: list };
}

export function oldestFirst<T>(list: List<T>): T[] {
  const items: T[] = [];
  for (let node = list; node !== null; node = node.tail) items.push(node.head);
  return items.reverse();
}

export function findNewest<T, S extends T>(list: List<T>, predicate: (item: T) => item is S): S | undefined;
export function findNewest<T>(list: List<T>, predicate: (item: T) => boolean): T | undefined;
export function findNewest<T>(list: List<T>, predicate: (item: T) => boolean): T | undefined {
  for (let node = list; node !== null; node = node.tail) if (predicate(node.head)) return node.head;
  return undefined;
}
