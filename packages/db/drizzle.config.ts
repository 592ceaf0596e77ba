import { defineConfig } from 'drizzle-kit';

// One schema, one folder of SQL migrations, applied unchanged to PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/db/src/schema/*.ts',
  out: './packages/db/migrations',
});
