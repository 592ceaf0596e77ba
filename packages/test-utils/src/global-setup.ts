import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@brigade/db/database';
import { runMigrations } from '@brigade/db/migrate';
import type { TestProject } from 'vitest/node';
import { adminQuery, randomDatabaseName } from './postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    brigadeTemplate: { engine: 'pglite'; dumpPath: string } | { engine: 'postgres'; templateName: string };
  }
}

/**
 * Migrates one template database per test run, so each test file can start from a fresh copy in
 * milliseconds instead of migrating again (STYLE: "each test starts from a fresh, migrated database").
 */
export default async function setup(project: TestProject) {
  const engine = project.config.env?.BRIGADE_TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
  if (engine === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'brigade-test-'));
    const database = await openDatabase({ dataDir: 'memory://' });
    await runMigrations(database);
    // uncompressed: every test file loads it, and unzipping cost each ~0.15 s of CPU
    const dump = await database.pglite!.dumpDataDir('none');
    await database.close();
    const dumpPath = join(dir, 'template.tar');
    writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
    project.provide('brigadeTemplate', { engine, dumpPath });
    return () => rmSync(dir, { recursive: true, force: true });
  }

  const adminUrl = requireDatabaseUrl();
  const templateName = randomDatabaseName('brigade_tpl');
  await adminQuery(adminUrl, `create database ${templateName}`);
  const database = await openDatabase({ url: withDatabase(adminUrl, templateName), poolMax: 2 });
  await runMigrations(database);
  await database.close();
  project.provide('brigadeTemplate', { engine, templateName });
  return async () => {
    await adminQuery(adminUrl, `drop database if exists ${templateName} with (force)`);
  };
}

export function requireDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must be set to run the PostgreSQL integration tests');
  return url;
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
