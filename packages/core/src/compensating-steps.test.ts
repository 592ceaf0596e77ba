import { describe, expect, it } from 'vitest';
import { runWithCompensation } from './compensating-steps';

describe('steps with compensation', () => {
  it('undoes the finished steps in reverse order when a later one fails, and rethrows', async () => {
    const log: string[] = [];
    const failed: string[] = [];
    const boom = new Error('third failed');
    await expect(
      runWithCompensation(
        async (step) => {
          await step(
            'one',
            async () => log.push('run one'),
            async () => log.push('undo one'),
          );
          await step('two', async () => log.push('run two')); // nothing to undo
          await step(
            'three',
            async () => log.push('run three'),
            async () => {
              throw new Error('cannot undo three');
            },
          );
          await step(
            'four',
            async () => {
              throw boom;
            },
            async () => log.push('undo four'),
          );
        },
        (name) => failed.push(name),
      ),
    ).rejects.toBe(boom);
    expect(log).toEqual(['run one', 'run two', 'run three', 'undo one']);
    expect(failed).toEqual(['three']);
  });

  it('returns the result and undoes nothing when every step succeeds', async () => {
    const undone: string[] = [];
    const result = await runWithCompensation(
      async (step) =>
        (await step(
          'a',
          async () => 1,
          async () => undone.push('a'),
        )) + 1,
      () => {},
    );
    expect(result).toBe(2);
    expect(undone).toEqual([]);
  });
});
