/**
 * The code-size check of issue 15 ("no function over ~80 lines", small files with one purpose; see
 * docs/architecture.md#conventions). Lists the functions (declarations, arrow functions, function expressions,
 * methods) longer than a number of lines, longest first, then the source files longer than 400 lines, and
 * exits with 1 when a function is over the limit and not on the allow-list below.
 *
 *   npm run sizes                                          # every app and package (and the bench), > 80
 *   npx tsx scripts/function-sizes.ts --over 60 apps/site  # other folders, another limit
 *   npx tsx scripts/function-sizes.ts --files-over 300     # another file limit (files are only listed)
 *
 * It parses with the oxc parser that Vite's bundler (rolldown) ships, so it sees real function boundaries
 * (a component's JSX, nested callbacks) rather than guessing from indentation. A function's length counts
 * its nested functions too. Test files (*.test.ts, *.e2e.ts), declaration files, node_modules and dist are
 * left out.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAst } from 'rolldown/parseAst';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Every workspace: apps/*, packages/* and bench (package.json "workspaces"). */
const DEFAULT_ROOTS = ['apps', 'packages', 'bench'];

/**
 * Functions allowed over the limit: data fixtures only, written out as one literal, where splitting would
 * only scatter the data. Each entry says why. Empty today: the fixtures build their data in small steps.
 */
const ALLOWED_FUNCTIONS: readonly { file: string; name: string; why: string }[] = [];

/** Files left out of the list of long files: data written by hand, not logic. */
const FIXTURE_FILES: readonly string[] = [
  // the demo restaurant's menu at `npm start`: dishes, prices and groups as literals
  'packages/core/src/seed/harbor-grill-menu.ts',
];

interface Found {
  file: string;
  line: number;
  lines: number;
  name: string;
}

type AstNode = { type: string; start: number; end: number; [key: string]: unknown };

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

function sourceFiles(path: string): string[] {
  if (statSync(path).isFile()) return [path];
  return readdirSync(path).flatMap((entry) => {
    if (entry === 'node_modules' || entry === 'dist') return [];
    const full = join(path, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry) && !/\.(test|e2e)\.tsx?$/.test(entry) && !entry.endsWith('.d.ts')
      ? [full]
      : [];
  });
}

const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';

/** The name a function goes by: its own, the variable or property it is assigned to, or where it is passed. */
function nameOf(node: AstNode, parent: AstNode | undefined): string {
  const own = node.id as { name?: string } | null | undefined;
  if (own?.name) return own.name;
  if (parent?.type === 'VariableDeclarator') return (parent.id as { name?: string }).name ?? '(anonymous)';
  if (parent?.type === 'Property' || parent?.type === 'MethodDefinition') {
    const key = parent.key as { name?: string; value?: unknown };
    return String(key.name ?? key.value ?? '(anonymous)');
  }
  if (parent?.type === 'JSXExpressionContainer') return '(JSX callback)';
  if (parent?.type === 'CallExpression') return '(callback)';
  return '(anonymous)';
}

/** Maps a character offset to its 1-based line. */
function lineIndex(source: string): (offset: number) => number {
  const lineStarts = [0];
  for (let index = 0; index < source.length; index += 1)
    if (source[index] === '\n') lineStarts.push(index + 1);
  return (offset) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}

function functionsIn(file: string, source: string): Found[] {
  const lineAt = lineIndex(source);
  const program = parseAst(
    source,
    { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' },
    file,
  ) as unknown as AstNode;
  const found: Found[] = [];
  const visit = (node: AstNode, parent: AstNode | undefined) => {
    if (FUNCTION_TYPES.has(node.type)) {
      const first = lineAt(node.start);
      found.push({ file, line: first, lines: lineAt(node.end) - first + 1, name: nameOf(node, parent) });
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const child of value) isNode(child) && visit(child, node);
      else if (isNode(value)) visit(value, node);
    }
  };
  visit(program, undefined);
  return found;
}

/** Lines as `wc -l` counts them. */
const lineCount = (source: string) => source.split('\n').length - (source.endsWith('\n') ? 1 : 0);

const fromRoot = (file: string) => relative(REPO_ROOT, file).split('\\').join('/');
const shown = (file: string) => relative(process.cwd(), file);
const isAllowed = (entry: Found) =>
  ALLOWED_FUNCTIONS.some((allowed) => allowed.file === fromRoot(entry.file) && allowed.name === entry.name);

function parseArguments(args: string[]) {
  const options = { over: 80, filesOver: 400, roots: [] as string[] };
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === '--over') options.over = Number(args[++index]);
    else if (arg === '--files-over') options.filesOver = Number(args[++index]);
    else options.roots.push(arg);
  }
  if (!Number.isFinite(options.over) || !Number.isFinite(options.filesOver))
    throw new Error('--over and --files-over take a number of lines');
  if (options.roots.length === 0) options.roots = DEFAULT_ROOTS.map((root) => join(REPO_ROOT, root));
  return options;
}

function main(): number {
  const { over, filesOver, roots } = parseArguments(process.argv.slice(2));
  const files = [...new Set(roots.flatMap(sourceFiles))];
  const sources = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
  const long = files
    .flatMap((file) => functionsIn(file, sources.get(file)!))
    .filter((entry) => entry.lines > over)
    .sort((a, b) => b.lines - a.lines);
  for (const entry of long) {
    const mark = isAllowed(entry) ? '  (allowed: data fixture)' : '';
    console.log(
      `${String(entry.lines).padStart(4)}  ${shown(entry.file)}:${entry.line}  ${entry.name}${mark}`,
    );
  }
  const refused = long.filter((entry) => !isAllowed(entry));
  console.log(
    `${long.length} function(s) over ${over} lines in ${files.length} files` +
      (long.length > refused.length ? ` (${long.length - refused.length} allowed)` : ''),
  );

  const longFiles = files
    .filter((file) => !FIXTURE_FILES.includes(fromRoot(file)))
    .map((file) => ({ file, lines: lineCount(sources.get(file)!) }))
    .filter((entry) => entry.lines > filesOver)
    .sort((a, b) => b.lines - a.lines);
  console.log(`\n${longFiles.length} file(s) over ${filesOver} lines (data fixtures left out):`);
  for (const entry of longFiles) console.log(`${String(entry.lines).padStart(4)}  ${shown(entry.file)}`);
  return refused.length > 0 ? 1 : 0;
}

process.exitCode = main();
