/**
 * A pure function of a text, remembered by that text (issue 20: work a public page would otherwise redo on
 * every render or store). At most `limit` texts of up to `longest` characters are kept, since callers may see
 * any input; the store starts over when full. Results are frozen, as every caller shares them.
 */
export function remembered<T>(
  compute: (text: string) => T,
  { limit, longest }: { limit: number; longest: number },
): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    if (known.has(text)) return known.get(text) as T;
    const result = deepFreeze(compute(text));
    if (text.length > longest) return result;
    if (known.size >= limit) known.clear();
    known.set(text, result);
    return result;
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
