import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureServerBuild } from './server-build.mjs';

// A small project in a temporary folder stands in for the repository: an entry in TypeScript that imports a
// workspace-style module and Node's own, and prints where its module says it is.
describe('the server bundle (npm start)', () => {
  let root: string;
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const options = () => ({ root, entry: 'src/main.ts', outFile: 'dist/server.mjs' });
  const run = (file: string) => execFileSync(process.execPath, [file], { encoding: 'utf8' }).trim();

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'brigade-server-build-'));
    write('src/answer.ts', 'export const answer: number = 41;\n');
    write(
      'src/main.ts',
      [
        "import { basename } from 'node:path';",
        "import { answer } from './answer';",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the generated module's own template literal
        'console.log(`${answer + 1} ${basename(new URL(import.meta.url).pathname)}`);',
      ].join('\n'),
    );
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds when never built, reuses an unchanged build, and builds again when a source changed', async () => {
    const first = await ensureServerBuild(options());
    expect(first.decision).toBe('never built');
    // import.meta.url stays the source file's own address, not the bundle's
    expect(run(first.file)).toBe('42 main.ts');
    expect((await ensureServerBuild(options())).decision).toBe('up to date');

    write('src/answer.ts', 'export const answer: number = 99;\n');
    const changed = await ensureServerBuild(options());
    expect(changed.decision).toBe('sources changed');
    expect(run(changed.file)).toBe('100 main.ts');
    expect((await ensureServerBuild(options())).decision).toBe('up to date');
  });

  it("builds again when the package file of a source's workspace changed (its exports lead imports)", async () => {
    write('src/package.json', '{"name":"workspace","type":"module"}\n');
    await ensureServerBuild(options());
    expect((await ensureServerBuild(options())).decision).toBe('up to date');
    write('src/package.json', '{"name":"workspace","type":"module","exports":{"./*":"./*.ts"}}\n');
    expect((await ensureServerBuild(options())).decision).toBe('sources changed');
  });

  it('builds again when the bundle is gone', async () => {
    const { file } = await ensureServerBuild(options());
    rmSync(file);
    expect((await ensureServerBuild(options())).decision).toBe('never built');
    expect(run(file)).toBe('42 main.ts');
  });

  it('leaves npm packages to node, and refuses one the bundle would load another copy of', async () => {
    write('node_modules/hoisted/package.json', '{"name":"hoisted","type":"module","main":"index.js"}');
    write('node_modules/hoisted/index.js', 'export const word = "hoisted";\n');
    write('src/main.ts', "import { word } from 'hoisted';\nconsole.log(word);\n");
    const { file } = await ensureServerBuild(options());
    expect(run(file)).toBe('hoisted');

    write('src/nested/node_modules/only-here/package.json', '{"name":"only-here","main":"index.js"}');
    write('src/nested/node_modules/only-here/index.js', 'module.exports = 1;\n');
    write('src/nested/use.ts', "export { default } from 'only-here';\n");
    write('src/main.ts', "import one from './nested/use';\nconsole.log(one);\n");
    await expect(ensureServerBuild(options())).rejects.toThrow(/only-here is installed at .*src\/nested/);
    // the bundle before stays as it was
    expect(run(file)).toBe('hoisted');
    expect(pathToFileURL(file).href).toContain('/dist/server.mjs');
  });
});
