/**
 * An immutable string-keyed map (a hash array mapped trie). Setting a key copies one path of at
 * most seven small nodes instead of the whole map, so remembering every processed command id
 * keeps each decision cheap however long the lot's history grows, and older states stay valid.
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
