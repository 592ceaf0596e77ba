/**
 * Recency for the bounded in-memory caches (sessions, restaurant menus, hosts, site pages), without touching
 * the Map on a hit (issue 20).
 *
 * The caches used to keep their most recently used entry last by moving every hit to the end of the Map
 * (delete, then set). In V8 that rebuilds the Map's hash table now and then, and a discarded table keeps the
 * one that replaced it reachable from the old generation, so every table a busy Map ever had survived the
 * young generation's collections and was promoted: measured on the small-menu read, 130 KB promoted at each
 * scavenge, scavenges 3–4× as long as the reference server's, and a full collection every couple of seconds.
 *
 * So a hit only marks its entry (`entry.used = true`), and room is made by "second chance" (the CLOCK
 * algorithm): from the oldest entry on, one used since it was last passed over is unmarked and moved last,
 * and the first entry not used goes. The busy entries stay and a flood of new keys pushes out its own kind,
 * as with least-recently-used, and the Map only changes when something is stored or evicted.
 */
export interface Recent {
  /** Set by a hit; cleared when eviction passes over the entry. */
  used: boolean;
}

/**
 * The key eviction should take next: the oldest entry not used since eviction last passed over it. Used
 * entries it passes over are unmarked and moved last. Undefined only when the map is empty.
 */
export function leastRecentKey<K, V extends Recent>(map: Map<K, V>): K | undefined {
  // Entries moved last are met again by this same loop, unmarked, so it ends within two rounds.
  for (const [key, entry] of map) {
    if (!entry.used) return key;
    entry.used = false;
    map.delete(key);
    map.set(key, entry);
  }
  return undefined;
}

/**
 * Makes room for one more entry: evicts (by `drop`, which must remove the key from the map; by default
 * `map.delete`) until fewer than `maxEntries` are held.
 */
export function makeRoom<K, V extends Recent>(
  map: Map<K, V>,
  maxEntries: number,
  drop: (key: K) => void = (key) => map.delete(key),
): void {
  while (map.size >= maxEntries) {
    const evicted = leastRecentKey(map);
    if (evicted === undefined) return;
    drop(evicted);
  }
}
