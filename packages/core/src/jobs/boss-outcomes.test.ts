import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import './job-runner';

const Manager = createRequire(import.meta.url)('pg-boss/src/manager.js') as {
  prototype: {
    complete(name: string, id: string): Promise<unknown>;
    fail(name: string, id: string): Promise<unknown>;
  };
};

describe("pg-boss's job outcomes when the database drops", () => {
  const unhandled: unknown[] = [];
  const listen = (reason: unknown) => unhandled.push(reason);
  afterEach(() => {
    process.off('unhandledRejection', listen);
  });

  it('leave no unhandled rejection behind a call nobody awaits, and still reject for one that does', async () => {
    process.on('unhandledRejection', listen);
    const manager = Object.assign(Object.create(Manager.prototype), {
      db: { executeSql: () => Promise.reject(new Error('Connection terminated unexpectedly')) },
    }) as typeof Manager.prototype;
    // as the worker calls them: not awaited
    void manager.complete('mail', '00000000-0000-4000-8000-000000000001');
    void manager.fail('mail', '00000000-0000-4000-8000-000000000001');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled).toEqual([]);
    await expect(manager.complete('mail', '00000000-0000-4000-8000-000000000001')).rejects.toThrow(
      'Connection terminated unexpectedly',
    );
  });
});
