import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadStateFile, saveStateFile } from './state-file';

interface Saved {
  tokens: Map<string, { scopes: Set<string>; at: Date }>;
  list: Map<string, number>[];
}

const sample = (): Saved => ({
  tokens: new Map([['t1', { scopes: new Set(['a', 'b']), at: new Date(Date.UTC(2026, 0, 1)) }]]),
  list: [new Map([['x', 1]])],
});

describe('an emulator state file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'emulator-state-'));
  const file = join(dir, 'state.json');
  const proto = Map.prototype as unknown as { toJSON?: unknown };
  const setProto = Set.prototype as unknown as { toJSON?: unknown };
  afterEach(() => {
    delete proto.toJSON;
    delete setProto.toJSON;
  });

  it('gives back nested Maps and Sets as Maps and Sets', () => {
    saveStateFile(sample(), file);
    const loaded = loadStateFile<Saved>(file)!;
    expect(loaded.tokens).toBeInstanceOf(Map);
    expect(loaded.tokens.get('t1')?.scopes).toEqual(new Set(['a', 'b']));
    expect(loaded.tokens.get('t1')?.at).toBe('2026-01-01T00:00:00.000Z');
    expect(loaded.list[0]?.get('x')).toBe(1);
  });

  it('keeps them when a polyfill gave Map and Set a toJSON (core-js 2, loaded by another module)', () => {
    // what core-js 2's es7.map.to-json / es7.set.to-json install on the whole process
    proto.toJSON = function (this: Map<unknown, unknown>) {
      return [...this.entries()];
    };
    setProto.toJSON = function (this: Set<unknown>) {
      return [...this];
    };
    saveStateFile(sample(), file);
    expect(readFileSync(file, 'utf8')).toContain('$map');
    const loaded = loadStateFile<Saved>(file)!;
    expect(loaded.tokens).toBeInstanceOf(Map);
    expect(loaded.tokens.get('t1')?.scopes).toBeInstanceOf(Set);
    rmSync(dir, { recursive: true, force: true });
  });
});
