/**
 * Recognises a unique-constraint violation (SQLSTATE 23505) on either engine. Drizzle wraps driver errors,
 * so the driver's error may be the `cause`.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (candidate.code === '23505') {
      if (!constraint) return true;
      return candidate.constraint === constraint || String(candidate.message ?? '').includes(constraint);
    }
    if (typeof current !== 'object') break;
  }
  return false;
}
