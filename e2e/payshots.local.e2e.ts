import { describe, it } from 'vitest';
import { useHarness } from './harness';
import { axeViolations, managementPage, openManagement, serious } from './helpers';

const harness = useHarness();
const SCREENS: [string, string][] = [
  ['/payments/terminal', 'Virtual terminal'],
  ['/payments/transactions', 'Transactions'],
  ['/payments/transactions/00000000-0000-4000-8000-000000000001', '$'],
  ['/payments/funding', 'Settlement & funding'],
  ['/payments/settings', 'Payment settings'],
];
describe('payment screens (stub shots)', () => {
  for (const width of [1280, 390]) {
    it(`shots at ${width}`, async () => {
      const { context, page } = await managementPage(harness, undefined, {
        width,
        height: width > 500 ? 900 : 844,
      });
      try {
        for (const [path, heading] of SCREENS) {
          await openManagement(page, harness, path, new RegExp(heading.replace(/[$&]/g, '\\$&')));
          await page.waitForTimeout(800);
          const name = path.split('/').slice(2, 3).join('') + (path.split('/').length > 3 ? '-detail' : '');
          await page.screenshot({ path: `/tmp/payscreens/stub-${name}-${width}.png`, fullPage: true });
          const v = serious(await axeViolations(page));
          if (v.length) console.log(path, width, JSON.stringify(v, null, 1));
        }
      } finally {
        await context.close();
      }
    }, 120_000);
  }
});
