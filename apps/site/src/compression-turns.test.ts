import { describe, expect, it } from 'vitest';
import { CompressionTurns } from './compression-turns';

/** Takes a turn and records, in `order`, when it was given. */
const taking = (turns: CompressionTurns, turn: 'visitor' | 'background', name: string, order: string[]) =>
  turns.take(turn).then((taken) => {
    if (taken) order.push(name);
    return taken;
  });

// Lets every settled promise's callbacks run.
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('CompressionTurns (issue 20: a miss is never queued behind background recompression)', () => {
  it('gives a free slot at once, and a released slot to the next in line', async () => {
    const turns = new CompressionTurns(2, 8);
    const order: string[] = [];
    void taking(turns, 'background', 'a', order);
    void taking(turns, 'visitor', 'b', order);
    void taking(turns, 'visitor', 'c', order);
    await settle();
    expect(order).toEqual(['a', 'b']);
    turns.release();
    await settle();
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('hands a released slot to a waiting visitor before background work that waited longer', async () => {
    const turns = new CompressionTurns(1, 8);
    const order: string[] = [];
    void taking(turns, 'visitor', 'first', order);
    void taking(turns, 'background', 'recompress 1', order);
    void taking(turns, 'background', 'recompress 2', order);
    void taking(turns, 'visitor', 'miss', order);
    await settle();
    expect(order).toEqual(['first']);
    for (let i = 0; i < 3; i++) {
      turns.release();
      await settle();
    }
    expect(order).toEqual(['first', 'miss', 'recompress 1', 'recompress 2']);
  });

  it('turns background work away when its line is full, but never a visitor', async () => {
    const turns = new CompressionTurns(1, 2);
    const order: string[] = [];
    void taking(turns, 'visitor', 'busy', order);
    const waiting = [taking(turns, 'background', 'b1', order), taking(turns, 'background', 'b2', order)];
    expect(await taking(turns, 'background', 'b3', order)).toBe(false);
    const visitors = Array.from({ length: 5 }, (_, i) => taking(turns, 'visitor', `v${i}`, order));
    for (let i = 0; i < 7; i++) {
      turns.release();
      await settle();
    }
    expect(await Promise.all(visitors)).toEqual([true, true, true, true, true]);
    expect(await Promise.all(waiting)).toEqual([true, true]);
    expect(order).toEqual(['busy', 'v0', 'v1', 'v2', 'v3', 'v4', 'b1', 'b2']);
  });

  it('frees the slot when nobody waits, so the next caller gets it at once', async () => {
    const turns = new CompressionTurns(1, 0);
    expect(await turns.take('background')).toBe(true);
    expect(await turns.take('background')).toBe(false);
    turns.release();
    expect(await turns.take('background')).toBe(true);
  });
});
