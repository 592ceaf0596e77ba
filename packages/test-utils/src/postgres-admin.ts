import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Runs one statement on a short-lived connection (CREATE/DROP DATABASE cannot run inside a pool transaction). */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export const randomDatabaseName = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;
