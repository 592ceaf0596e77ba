/**
 * The keys offered to a full cache lately, for its admission (issue 20): a page is stored in a full page
 * cache only when it is asked for a second time while the cache still remembers the first (a "doorkeeper",
 * as in TinyLFU, or a CDN's "cache on second hit").
 *
 * Anyone can make up new keys (any IPv4 address as Host serves the restaurants by slug). Without it, a flood
 * of one-time keys evicts a stored page at every miss: each page's objects and bytes outlive the young
 * generation only to become garbage in the old one, which made the collector's full collections come every
 * ~2 s at 330 misses a second (decision 039).
 *
 * Keys are kept as 30-bit hashes (small integers: no object per key) in two generations of at most
 * `capacity` each; the older generation is dropped when the newer fills. A hash collision admits a page
 * early, which is harmless.
 */
export class SeenKeys {
  private current = new Set<number>();
  private previous = new Set<number>();

  constructor(private readonly capacity: number) {}

  /** Whether the key was seen lately; it is remembered from now on either way. */
  seenBefore(key: string): boolean {
    const hash = hashOf(key);
    if (this.current.has(hash)) return true;
    const seen = this.previous.has(hash);
    if (this.current.size >= this.capacity) {
      this.previous = this.current;
      this.current = new Set();
    }
    this.current.add(hash);
    return seen;
  }
}

/** FNV-1a over the UTF-16 units, cut to 30 bits (a V8 small integer). */
export function hashOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash >>> 2;
}
