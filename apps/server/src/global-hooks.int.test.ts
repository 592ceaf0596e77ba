import { describe, expect, it } from 'vitest';
import { GLOBAL_HOOKS_MIRRORED } from './plugins/front-door';
import { useTestApp } from './test-app';

/**
 * Decision 034 / issue 49: requests the front doors take never meet Fastify's hooks, so a global hook added to
 * Fastify alone would be missing from those answers. This counts Fastify's global request hooks: a new one (or
 * one gone) fails here until plugins/front-door.ts's GLOBAL_HOOKS_MIRRORED says how the front doors follow.
 */
const t = useTestApp();

const REQUEST_HOOKS = [
  'onRequest',
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
  'onError',
  'onTimeout',
  'onRequestAbort',
] as const;

describe("Fastify's global hooks and the front doors", () => {
  it('has exactly the global request hooks the front doors are known to mirror', () => {
    const app = t.app as unknown as Record<symbol, unknown>;
    const symbol = Object.getOwnPropertySymbols(app).find((s) => s.description === 'fastify.hooks');
    if (!symbol)
      throw new Error("Fastify's hooks are no longer where this test looks (Symbol fastify.hooks)");
    const hooks = app[symbol] as Record<string, unknown[]>;
    const counted = Object.fromEntries(
      REQUEST_HOOKS.map((kind) => [kind, hooks[kind]?.length ?? 0]).filter(([, n]) => n !== 0),
    );
    const mirrored = Object.fromEntries(
      Object.entries(GLOBAL_HOOKS_MIRRORED).map(([kind, list]) => [kind, list.length]),
    );
    expect(
      counted,
      'a global hook changed: mirror it in the front doors and list it in front-door.ts',
    ).toEqual(mirrored);
  });
});
