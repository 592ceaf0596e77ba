import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardDataLeftBy, useTestApp } from './test-app';

/**
 * The suite-wide card-data scan (issue 16) that every file running a server passes at its end: proven here to
 * find a card number in a row and in a log line, and to pass once they are gone.
 */
const t = useTestApp();

describe('the card-data scan after each file', () => {
  it('finds a card number left in the mail outbox or a log line, and nothing once it is gone', async () => {
    expect(await cardDataLeftBy(t.database, t.logs)).toEqual([]);
    await t.database.db.execute(
      sql`insert into outbox_emails (to_address, subject, text_body) values ('a@example.com', 'Receipt', 'card 4111111111111111')`,
    );
    expect(await cardDataLeftBy(t.database, t.logs)).toEqual([expect.stringContaining('4111111111111111')]);
    await t.database.db.execute(sql`delete from outbox_emails where subject = 'Receipt'`);
    t.logs.lines.push({ msg: 'oops', body: '{"cvv":"123"}' });
    expect(await cardDataLeftBy(t.database, t.logs)).toHaveLength(1);
    t.logs.lines.pop();
    expect(await cardDataLeftBy(t.database, t.logs)).toEqual([]);
  });
});
