import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decideBuild, hashInputs, WEB_BUILDS } from './web-builds';

let root: string;
const write = async (file: string, content: string) => {
  await mkdir(join(root, file, '..'), { recursive: true });
  await writeFile(join(root, file), content);
};
const INPUTS = ['app/src', 'app/index.html', 'shared/src', 'package-lock.json'];

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'brigade-web-builds-'));
  await write('app/src/main.tsx', 'main');
  await write('app/src/pages/home.tsx', 'home');
  await write('app/index.html', '<html>');
  await write('shared/src/button.tsx', 'button');
  await write('package-lock.json', '{}');
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('web builds: input hash', () => {
  it('is the same for the same contents and changes with any input file', async () => {
    const first = await hashInputs(root, INPUTS);
    expect(await hashInputs(root, INPUTS)).toBe(first);
    expect(await hashInputs(root, [...INPUTS].reverse())).toBe(first);
    await write('shared/src/button.tsx', 'button!');
    const changed = await hashInputs(root, INPUTS);
    expect(changed).not.toBe(first);
    await write('package-lock.json', '{"lockfileVersion":3}');
    expect(await hashInputs(root, INPUTS)).not.toBe(changed);
  });

  it('changes when a file is added, removed or renamed', async () => {
    const first = await hashInputs(root, INPUTS);
    await write('app/src/pages/menu.tsx', '');
    const added = await hashInputs(root, INPUTS);
    expect(added).not.toBe(first);
    await rm(join(root, 'app/src/pages/menu.tsx'));
    expect(await hashInputs(root, INPUTS)).toBe(first);
    await rm(join(root, 'app/src/pages/home.tsx'));
    await write('app/src/pages/home2.tsx', 'home');
    expect(await hashInputs(root, INPUTS)).not.toBe(first);
  });

  it('leaves out tests, node_modules and build output, which never reach a bundle', async () => {
    const first = await hashInputs(root, INPUTS);
    await write('app/src/main.test.tsx', 'test');
    await write('shared/src/button.int.test.ts', 'test');
    await write('app/src/node_modules/x/index.js', 'x');
    await write('app/src/dist/index.html', 'built');
    expect(await hashInputs(root, INPUTS)).toBe(first);
    await write('app/src/distance.ts', 'not build output');
    expect(await hashInputs(root, INPUTS)).not.toBe(first);
  });
});

describe('web builds: decision', () => {
  it('builds when never built, when the output is incomplete and when the sources changed', () => {
    expect(decideBuild({ currentHash: 'a', storedHash: undefined, entryExists: true })).toBe('never built');
    expect(decideBuild({ currentHash: 'a', storedHash: 'a\n', entryExists: false })).toBe('never built');
    expect(decideBuild({ currentHash: 'a', storedHash: 'b\n', entryExists: true })).toBe('sources changed');
    expect(decideBuild({ currentHash: 'a', storedHash: 'a\n', entryExists: true })).toBe('up to date');
  });

  it('covers every app of npm run build:web, each with its own sources and the shared ones', async () => {
    const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
    const buildWeb: string = pkg.scripts['build:web'];
    for (const build of WEB_BUILDS) {
      expect(buildWeb).toContain(`vite build ${build.viteArgs.slice(1).join(' ')}`);
      expect(build.inputs).toContain('packages/domain/src');
      expect(build.inputs).toContain('package-lock.json');
    }
    expect(buildWeb.match(/vite build/g)).toHaveLength(WEB_BUILDS.length);
  });
});
