import { describe, expect, it } from 'vitest';
import { adminPage, expectNoViolations, nav, shot } from './admin-helpers';
import { apiCall, DEMO_OWNER, useHarness } from './harness';

// The job queue in the site administration app (issue 41): counts per queue and state, the dead jobs (none
// on a healthy server: the empty state), jobs in another state with the filter; axe-core at 1280 and 390 px
// (screenshots in /tmp/admin). The sweeps run at start-up outside the queue (JobRunner.runNow), so the done
// jobs shown are a password-reset mail's.

const harness = useHarness();

describe('the job queue for site administrators', () => {
  it('shows each queue with its counts, no dead jobs, and the done ones on asking', async () => {
    // a mail to deliver: its job is done once the outbox keeps it (no SMTP here)
    const reset = await apiCall(harness, 'POST', '/auth/password-reset', {
      body: { email: DEMO_OWNER.email },
    });
    expect(reset.status).toBeLessThan(300);
    const { context, page } = await adminPage(harness);
    try {
      await nav(page, 'Jobs');
      await page.getByRole('heading', { level: 1, name: 'Jobs' }).waitFor();
      const counts = page.getByRole('table', { name: 'Jobs per queue' });
      for (const queue of [
        'mail.deliver',
        'kitchen.ticket',
        'order.unaccepted',
        'checkout.sweep',
        'housekeeping',
      ])
        await counts.getByRole('row', { name: new RegExp(`^${queue.replace('.', '\\.')}`) }).waitFor();
      await page.getByText('No dead jobs').waitFor();
      await expectNoViolations(page, 'jobs');
      await shot(page, 'jobs-1280');

      // The reset mail's delivery is among the done jobs, and the queue filter keeps to one queue.
      await page.getByRole('combobox', { name: 'State' }).selectOption({ label: 'Done' });
      const jobs = page.getByRole('table', { name: 'Jobs', exact: true });
      await jobs
        .getByRole('row', { name: /^mail\.deliver/ })
        .first()
        .waitFor({ timeout: 10_000 });
      expect(await jobs.getByRole('button', { name: /^Retry/ }).count()).toBe(0);
      await page.getByRole('combobox', { name: 'Queue' }).selectOption('kitchen.ticket');
      await expect.poll(() => jobs.getByRole('row', { name: /^mail\.deliver/ }).count()).toBe(0);
      await page.getByRole('combobox', { name: 'Queue' }).selectOption('mail.deliver');
      await jobs
        .getByRole('row', { name: /^mail\.deliver/ })
        .first()
        .waitFor();

      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoViolations(page, 'jobs at 390 px');
      await shot(page, 'jobs-390');
    } finally {
      await context.close();
    }
  });
});
