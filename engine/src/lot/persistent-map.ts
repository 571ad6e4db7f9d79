/**
 * An immutable string-keyed map (a hash array mapped trie). Changing a key copies one path of at
 * most seven small nodes instead of the whole map, so remembering every processed command id, or
 * the maxes of hundreds of bidders, keeps each decision cheap however much the lot grows, and
 * older states stay valid.
 */
export type PersistentMap<V> = { readonly size: number; readonly root: Node<V> | null };

type Leaf<V> = { readonly kind: 'leaf'; readonly hash: number; readonly key: string; readonly value: V };
/** Keys whose 32-bit hashes are equal: compared one by one. */
type Collision<V> = { readonly kind: 'collision'; readonly hash: number; readonly leaves: readonly Leaf<V>[] };
type Branch<V> = { readonly kind: 'branch'; readonly bitmap: number; readonly children: readonly Node<V>[] };
type Node<V> = Leaf<V> | Collision<V> | Branch<V>;

const BITS = 5;
const MASK = (1 << BITS) - 1;

export function emptyMap<V>(): PersistentMap<V> {
  return { size: 0, root: null };
}

export function mapGet<V>(map: PersistentMap<V>, key: string): V | undefined {
  const hash = hashOf(key);
  let node = map.root;
  for (let shift = 0; node !== null; shift += BITS) {
    switch (node.kind) {
      case 'leaf':
        return node.key === key ? node.value : undefined;
      case 'collision':
        return node.leaves.find((leaf) => leaf.key === key)?.value;
      case 'branch': {
        const bit = bitFor(hash, shift);
        if ((node.bitmap & bit) === 0) return undefined;
        node = node.children[indexOf(node.bitmap, bit)] ?? null;
      }
    }
  }
  return undefined;
}

export function mapSet<V>(map: PersistentMap<V>, key: string, value: V): PersistentMap<V> {
  const leaf: Leaf<V> = { kind: 'leaf', hash: hashOf(key), key, value };
  if (map.root === null) return { size: 1, root: leaf };
  const { node, added } = insert(map.root, leaf, 0);
  return { size: map.size + (added ? 1 : 0), root: node };
}

function insert<V>(node: Node<V>, leaf: Leaf<V>, shift: number): { node: Node<V>; added: boolean } {
  switch (node.kind) {
    case 'leaf':
      if (node.key === leaf.key) return { node: leaf, added: false };
      return { node: merge(node, leaf, shift), added: true };
    case 'collision': {
      if (node.hash !== leaf.hash) return { node: merge(node, leaf, shift), added: true };
      const at = node.leaves.findIndex((existing) => existing.key === leaf.key);
      const leaves = at < 0 ? [...node.leaves, leaf] : node.leaves.map((existing, i) => (i === at ? leaf : existing));
      return { node: { kind: 'collision', hash: node.hash, leaves }, added: at < 0 };
    }
    case 'branch': {
      const bit = bitFor(leaf.hash, shift);
      const index = indexOf(node.bitmap, bit);
      const children = [...node.children];
      if ((node.bitmap & bit) === 0) {
        children.splice(index, 0, leaf);
        return { node: { kind: 'branch', bitmap: node.bitmap | bit, children }, added: true };
      }
      const child = children[index] as Node<V>;
      const inserted = insert(child, leaf, shift + BITS);
      children[index] = inserted.node;
      return { node: { kind: 'branch', bitmap: node.bitmap, children }, added: inserted.added };
    }
  }
}

export function mapDelete<V>(map: PersistentMap<V>, key: string): PersistentMap<V> {
  if (map.root === null) return map;
  const root = remove(map.root, key, hashOf(key), 0);
  return root === UNCHANGED ? map : { size: map.size - 1, root };
}

/** In no particular order, but the same order for the same history. */
export function mapEntries<V>(map: PersistentMap<V>): [string, V][] {
  const entries: [string, V][] = [];
  const visit = (node: Node<V>): void => {
    if (node.kind === 'leaf') entries.push([node.key, node.value]);
    else if (node.kind === 'collision') for (const leaf of node.leaves) entries.push([leaf.key, leaf.value]);
    else for (const child of node.children) visit(child);
  };
  if (map.root !== null) visit(map.root);
  return entries;
}

const UNCHANGED = Symbol('unchanged');

/** Null when the node held only the key. A branch left with a single leaf becomes that leaf, as if the key had never been set. */
function remove<V>(node: Node<V>, key: string, hash: number, shift: number): Node<V> | null | typeof UNCHANGED {
  switch (node.kind) {
    case 'leaf':
      return node.key === key ? null : UNCHANGED;
    case 'collision': {
      const leaves = node.leaves.filter((leaf) => leaf.key !== key);
      if (leaves.length === node.leaves.length) return UNCHANGED;
      return leaves.length === 1 ? (leaves[0] as Leaf<V>) : { kind: 'collision', hash: node.hash, leaves };
    }
    case 'branch': {
      const bit = bitFor(hash, shift);
      if ((node.bitmap & bit) === 0) return UNCHANGED;
      const index = indexOf(node.bitmap, bit);
      const child = remove(node.children[index] as Node<V>, key, hash, shift + BITS);
      if (child === UNCHANGED) return UNCHANGED;
      const children = [...node.children];
      if (child === null) children.splice(index, 1);
      else children[index] = child;
      const bitmap = child === null ? node.bitmap & ~bit : node.bitmap;
      if (children.length === 0) return null;
      const only = children[0] as Node<V>;
      return children.length === 1 && only.kind !== 'branch' ? only : { kind: 'branch', bitmap, children };
    }
  }
}

/** Joins two nodes with different keys under as many branches as their hashes share bits. */
function merge<V>(existing: Leaf<V> | Collision<V>, leaf: Leaf<V>, shift: number): Node<V> {
  if (existing.hash === leaf.hash) {
    const leaves = existing.kind === 'leaf' ? [existing, leaf] : [...existing.leaves, leaf];
    return { kind: 'collision', hash: leaf.hash, leaves };
  }
  const existingSlot = slotFor(existing.hash, shift);
  const leafSlot = slotFor(leaf.hash, shift);
  if (existingSlot === leafSlot) {
    return { kind: 'branch', bitmap: 1 << existingSlot, children: [merge(existing, leaf, shift + BITS)] };
  }
  const children = existingSlot < leafSlot ? [existing, leaf] : [leaf, existing];
  return { kind: 'branch', bitmap: (1 << existingSlot) | (1 << leafSlot), children };
}

function slotFor(hash: number, shift: number): number {
  return (hash >>> shift) & MASK;
}

/** Slot 31's bit is the sign bit, so bits are only ever masked, never compared by size. */
function bitFor(hash: number, shift: number): number {
  return 1 << slotFor(hash, shift);
}

function indexOf(bitmap: number, bit: number): number {
  return popCount(bitmap & (bit - 1));
}

function popCount(n: number): number {
  let v = n - ((n >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** FNV-1a over UTF-16 code units: deterministic across processes, unlike anything seeded. */
function hashOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
