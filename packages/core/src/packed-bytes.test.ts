import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ownBytes, packed } from './packed-bytes';

describe('packed', () => {
  it('copies the parts into one piece of memory of their total size, in order', () => {
    const parts = [Buffer.from('page text'), Buffer.from([1, 2, 3]), Buffer.alloc(0), Buffer.from('end')];
    const views = packed(...parts);
    expect(views.map((view) => view.toString('latin1'))).toEqual(parts.map((p) => p.toString('latin1')));
    expect(new Set(views.map((view) => view.buffer)).size).toBe(1);
    expect(views[0]!.buffer.byteLength).toBe(9 + 3 + 0 + 3);
    // copies: the parts can be reused or let go of
    parts[0]!.fill(0);
    expect(views[0]!.toString()).toBe('page text');
  });

  it("never hands out a slice of Buffer's shared pool, even for a few bytes", () => {
    const [small] = packed(Buffer.from('ok'));
    expect(small!.buffer.byteLength).toBe(2);
  });
});

describe('ownBytes', () => {
  it("copies zlib's output out of its working buffer", () => {
    const text = Buffer.from('<p>Harbor Grill</p>'.repeat(50));
    for (const compressed of [brotliCompressSync(text), gzipSync(text)]) {
      // what zlib hands back: a view of a buffer many times its size
      expect(compressed.buffer.byteLength).toBeGreaterThan(4 * compressed.length);
      const own = ownBytes(compressed);
      expect(own).toEqual(compressed);
      expect(own.buffer.byteLength).toBe(compressed.length);
    }
  });

  it('keeps bytes that have their memory to themselves as they are', () => {
    const [exact] = packed(Buffer.from('already exact'));
    expect(ownBytes(exact!)).toBe(exact);
  });
});
