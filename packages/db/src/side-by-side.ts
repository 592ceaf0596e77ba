import { NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { Executor } from './database';

/**
 * Independent statements, side by side where that gains something: on PostgreSQL's pool each gets a
 * connection of its own, and PGlite's thread gets them all at once (one wait instead of several). A
 * PostgreSQL transaction has one connection, which runs one statement at a time whatever is sent: there
 * node-postgres would queue the rest itself, a use it deprecates and pg 9 removes, so they run one after
 * another. Each statement is a function, called when its turn comes (a Drizzle query runs when awaited).
 */
export async function sideBySide<T extends readonly unknown[]>(
  ex: Executor,
  statements: { readonly [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  if (!(ex instanceof NodePgTransaction)) {
    return (await Promise.all(statements.map((statement) => statement()))) as unknown as T;
  }
  const results: unknown[] = [];
  for (const statement of statements) results.push(await statement());
  return results as unknown as T;
}
