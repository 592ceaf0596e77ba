/**
 * The differences between two versions of the site configuration (issue 17: the version history's diff).
 * Lists of entries with an `id` (layout templates, colour schemes, fallback images) are compared entry by
 * entry, so a change reads "colorSchemes[warm-neutral].primary" rather than a list position.
 */
export interface SiteConfigChange {
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const hasIds = (list: unknown[]): list is Plain[] =>
  list.every((entry) => isPlain(entry) && typeof entry.id === 'string');
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function keyed(list: Plain[]): Map<string, Plain> {
  return new Map(list.map((entry) => [entry.id as string, entry]));
}

function walk(path: string, before: unknown, after: unknown, out: SiteConfigChange[]): void {
  if (same(before, after)) return;
  if (before === undefined) {
    out.push({ path, kind: 'added', after });
  } else if (after === undefined) {
    out.push({ path, kind: 'removed', before });
  } else if (Array.isArray(before) && Array.isArray(after) && hasIds(before) && hasIds(after)) {
    const a = keyed(before);
    const b = keyed(after);
    for (const id of new Set([...a.keys(), ...b.keys()])) walk(`${path}[${id}]`, a.get(id), b.get(id), out);
  } else if (isPlain(before) && isPlain(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      walk(path ? `${path}.${key}` : key, before[key], after[key], out);
    }
  } else {
    out.push({ path, kind: 'changed', before, after });
  }
}

/** Every difference from `before` to `after`, as JSON sees them (dates compare by their ISO text). */
export function diffSiteConfigurations(before: unknown, after: unknown): SiteConfigChange[] {
  const out: SiteConfigChange[] = [];
  walk('', JSON.parse(JSON.stringify(before ?? {})), JSON.parse(JSON.stringify(after ?? {})), out);
  return out;
}
