/** Who waits for a compression: a visitor (a miss's page, sent when compressed), or nobody (background work). */
export type Turn = 'visitor' | 'background';

/**
 * Turns on the compression threads (issue 20): a visitor's compression always goes before background work,
 * and background work waits in a bounded line. With one line for both, a wave of second visits (after a
 * restart or a change, thousands of stored pages asked for again, each recompressed at the full level) put
 * seconds of Brotli ahead of the misses: over HTTP, a miss then waited up to 1.8 s (p99) for its compression.
 */
export class CompressionTurns {
  private busy = 0;
  private readonly waiting: Record<Turn, (() => void)[]> = { visitor: [], background: [] };

  constructor(
    private readonly slots: number,
    /** How much background work may wait; more is turned away (it is retried on a later visit). */
    private readonly backlog: number,
  ) {}

  /**
   * Resolves true once a slot is the caller's, who must `release` it; false at once for background work when
   * its line is full (no slot taken).
   */
  async take(turn: Turn): Promise<boolean> {
    if (this.busy < this.slots) {
      this.busy++;
      return true;
    }
    if (turn === 'background' && this.waiting.background.length >= this.backlog) return false;
    await new Promise<void>((resolve) => this.waiting[turn].push(resolve));
    return true;
  }

  /** Hands the slot to the first visitor waiting, else to the first background work, else frees it. */
  release(): void {
    const next = this.waiting.visitor.shift() ?? this.waiting.background.shift();
    if (next) next();
    else this.busy--;
  }
}
