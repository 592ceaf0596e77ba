import { describe, expect, it } from 'vitest';
import { ClosedError, startOnFirstUse } from './start-on-first-use';

// The one "start on first use" of every runtime (decision 060).

/** A start whose outcome each test decides, counting its calls and stops. */
function controlled() {
  const made: { resolve(value: string): void; reject(error: Error): void }[] = [];
  const stopped: string[] = [];
  const service = startOnFirstUse(
    'the test emulator',
    () =>
      new Promise<string>((resolve, reject) => {
        made.push({ resolve, reject });
      }),
    (value) => {
      stopped.push(value);
    },
  );
  return { made, stopped, service };
}

describe('startOnFirstUse', () => {
  it('starts nothing until asked, then once: concurrent callers share the one start', async () => {
    const { made, service } = controlled();
    expect(service.isStarted()).toBe(false);
    expect(made).toHaveLength(0);
    const first = service.get();
    const second = service.get();
    expect(made).toHaveLength(1);
    made[0]?.resolve('one');
    expect(await Promise.all([first, second, service.get()])).toEqual(['one', 'one', 'one']);
    expect(made).toHaveLength(1);
  });

  it('forgets a failed start: those waiting on it fail, the next call starts again', async () => {
    const { made, service } = controlled();
    const waiting = [service.get(), service.get()];
    made[0]?.reject(new Error('port taken'));
    for (const call of waiting) await expect(call).rejects.toThrow('port taken');
    expect(service.isStarted()).toBe(false);
    const again = service.get();
    expect(made).toHaveLength(2);
    made[1]?.resolve('two');
    expect(await again).toBe('two');
  });

  it('closes what it started (waiting for a start under way), and refuses to start after', async () => {
    const { made, stopped, service } = controlled();
    const started = service.get();
    const closing = service.close();
    made[0]?.resolve('one');
    await closing;
    expect(await started).toBe('one');
    expect(stopped).toEqual(['one']);
    await expect(service.get()).rejects.toBeInstanceOf(ClosedError);
    expect(made).toHaveLength(1);
  });

  it('closes cleanly when nothing was started, or the start failed', async () => {
    const never = controlled();
    await never.service.close();
    expect(never.stopped).toEqual([]);
    const failed = controlled();
    const call = failed.service.get();
    failed.made[0]?.reject(new Error('no'));
    await expect(call).rejects.toThrow('no');
    await failed.service.close();
    expect(failed.stopped).toEqual([]);
  });
});
