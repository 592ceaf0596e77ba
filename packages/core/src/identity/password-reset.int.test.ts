import { type LoggedQuery, withQueryLog } from '@brigade/db/query-log';
import { outboxEmails, passwordResetTokens } from '@brigade/db/schema/identity';
import { ANONYMOUS } from '@brigade/domain/access';
import { makeUser } from '@brigade/test-utils/factories';
import { useTestDatabase } from '@brigade/test-utils/test-database';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type IdentityDeps, requestPasswordReset } from './auth-service';
import { createMailer } from './mailer';

const db = useTestDatabase();

/** Identity deps whose database handle logs every statement. */
function observed() {
  const queries: LoggedQuery[] = [];
  const deps: IdentityDeps = {
    db: withQueryLog(db.database, (query) => queries.push(query)),
    mailer: createMailer(db.database.db, { from: 'x@y.z' }),
    appOrigins: ['http://localhost:3000'],
    defaultResetUrl: 'http://localhost:3000/auth/reset-password',
  };
  return { deps, queries };
}

/** The outbox ids of the delivery jobs queued so far (the outbox row's trigger writes them). */
const queuedDeliveries = async () =>
  (
    (await db.database.db.execute(
      sql`select (data->>'outboxId')::int as id from pgboss.job where name = 'mail.deliver' order by created_on`,
    )) as unknown as { rows: { id: number }[] }
  ).rows.map((row) => row.id);

describe('password reset request', () => {
  it('does the same work for an email without an account as for an account, and mails only the account', async () => {
    const user = await makeUser(db.database.db);
    const known = observed();
    await requestPasswordReset(known.deps, ANONYMOUS, { email: user.email, client: { ip: '10.1.0.1' } });
    const unknown = observed();
    await requestPasswordReset(unknown.deps, ANONYMOUS, {
      email: 'nobody-has-this@example.com',
      client: { ip: '10.1.0.2' },
    });

    // The same statements in the same order; the only difference is what the database finds.
    expect(unknown.queries.map((q) => q.sql)).toEqual(known.queries.map((q) => q.sql));
    // Two throttle counts (address, email), then one statement storing the token and its mail.
    expect(known.queries).toHaveLength(3);
    for (const { queries } of [known, unknown]) {
      // A token was made and hashed, and its mail written, in both cases.
      expect(queries[2]!.params).toContainEqual(expect.stringMatching(/^[0-9a-f]{64}$/));
      expect(queries[2]!.params).toContainEqual(expect.stringMatching(/reset-password\?token=[\w-]{43}/));
    }
    // Only the account gets mail, delivered by its job after the request is answered, not inside it.
    const tokens = await db.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userUid, user.uid));
    expect(tokens).toHaveLength(1);
    const outbox = await db.database.db.select().from(outboxEmails);
    expect(outbox.map((row) => [row.toAddress, row.subject])).toEqual([
      [user.email, 'Reset your Brigade password'],
    ]);
    expect(await queuedDeliveries()).toEqual([outbox[0]!.id]);
  });
});
