/**
 * Lists the functions (declarations, arrow functions, function expressions, methods) longer than a number
 * of lines, longest first: the code-size check of issue 15 ("no function over ~80 lines").
 *
 *   npx tsx scripts/function-sizes.ts                      # apps/management apps/auth apps/menu packages/ui, > 80
 *   npx tsx scripts/function-sizes.ts --over 60 apps/site  # other folders, another limit
 *
 * It parses with the oxc parser that Vite's bundler (rolldown) ships, so it sees real function boundaries
 * (a component's JSX, nested callbacks) rather than guessing from indentation. A function's length counts
 * its nested functions too. Test files (*.test.ts, *.e2e.ts) are left out.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseAst } from 'rolldown/parseAst';

const DEFAULT_ROOTS = ['apps/management/src', 'apps/auth/src', 'apps/menu/src', 'packages/ui/src'];

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

function functionsIn(file: string): Found[] {
  const source = readFileSync(file, 'utf8');
  const lineStarts = [0];
  for (let index = 0; index < source.length; index += 1)
    if (source[index] === '\n') lineStarts.push(index + 1);
  const lineAt = (offset: number) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
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

const args = process.argv.slice(2);
const overIndex = args.indexOf('--over');
const limit = overIndex === -1 ? 80 : Number(args[overIndex + 1]);
const roots = args.filter((_, index) => index !== overIndex && index !== overIndex + 1);
const files = (roots.length > 0 ? roots : DEFAULT_ROOTS).flatMap(sourceFiles);
const long = files
  .flatMap(functionsIn)
  .filter((entry) => entry.lines > limit)
  .sort((a, b) => b.lines - a.lines);
for (const entry of long) {
  console.log(
    `${String(entry.lines).padStart(4)}  ${relative(process.cwd(), entry.file)}:${entry.line}  ${entry.name}`,
  );
}
console.log(`${long.length} function(s) over ${limit} lines in ${files.length} files`);
