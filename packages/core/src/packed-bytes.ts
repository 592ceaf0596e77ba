/**
 * Bytes kept for a long time (stored pages, compressed menus) in memory of their own exact size (issue 20).
 *
 * zlib hands back its output as a view of its working buffer: a 6 KB Brotli page or menu held the whole
 * 16 KB buffer behind it (gzip: 8 KB), which no cache's byte count saw. And each piece of memory a cache
 * keeps is an ArrayBuffer the collector tracks, sweeps and frees one by one: a stored page was two (its
 * bytes and its compressed bytes), and the memory of every page the cache let go of waited for a full
 * collection. `packed` puts parts that live and die together into one piece of memory of their total size;
 * the copies take microseconds, and what they were copied from dies young (freed by a scavenge).
 */
export function packed<T extends readonly Buffer[]>(...parts: T): T {
  let total = 0;
  for (const part of parts) total += part.length;
  // Its own memory, never a slice of Buffer's shared pool (which small parts would share with other data).
  const memory = Buffer.allocUnsafeSlow(total);
  let offset = 0;
  return parts.map((part) => {
    part.copy(memory, offset);
    const view = memory.subarray(offset, offset + part.length);
    offset += part.length;
    return view;
  }) as unknown as T;
}

/** `bytes` when nothing else shares its memory, else a copy of exactly its length. */
export function ownBytes(bytes: Buffer): Buffer {
  return bytes.byteOffset === 0 && bytes.length === bytes.buffer.byteLength ? bytes : packed(bytes)[0];
}
