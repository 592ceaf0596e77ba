import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Database, openDatabase } from '@brigade/db/database';
import { afterAll, beforeAll, inject } from 'vitest';
import { requireDatabaseUrl, withDatabase } from './global-setup';
import { adminQuery, randomDatabaseName } from './postgres-admin';

export interface TestDatabase {
  database: Database;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database of the engine this test project runs on (BRIGADE_TEST_ENGINE): a copy of the
 * run's PGlite template directory, or a new PostgreSQL database cloned from the template database.
 */
export async function createTestDatabase(options: { poolMax?: number } = {}): Promise<TestDatabase> {
  const template = inject('brigadeTemplate');
  if (template.engine === 'pglite') {
    // beside the template, so the run's teardown removes what a killed worker left
    const dir = mkdtempSync(join(dirname(template.templateDir), 'db-'));
    cpSync(template.templateDir, dir, { recursive: true });
    const database = await openDatabase({ dataDir: dir });
    return {
      database,
      drop: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = requireDatabaseUrl();
  const name = randomDatabaseName('brigade_test');
  await createFromTemplate(adminUrl, name, template.templateName);
  const database = await openDatabase({ url: withDatabase(adminUrl, name), poolMax: options.poolMax ?? 20 });
  return {
    database,
    drop: async () => {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

// PostgreSQL refuses to copy a template that another CREATE DATABASE is reading at that instant.
async function createFromTemplate(adminUrl: string, name: string, templateName: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(adminUrl, `create database ${name} template ${templateName}`);
      return;
    } catch (error) {
      if (attempt >= 20 || !String(error).includes('is being accessed by other users')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** Gives the test file its own database for its lifetime: `const db = useTestDatabase();` then `db.database`. */
export function useTestDatabase(options: { poolMax?: number } = {}): { readonly database: Database } {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase(options);
  });
  afterAll(async () => {
    await current?.drop();
  });
  return {
    get database() {
      if (!current) throw new Error('useTestDatabase: the database is only available inside tests and hooks');
      return current.database;
    },
  };
}
