import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (project by project; within one, files it has timed before by their duration, others by
 * size), with the files known to be long started first within their project (issue 49: the suite's time). A
 * fresh clone has no timings, so a small file of several minutes — the contract fuzzer's — started among the
 * last and ran alone at the end, the other workers idle. Paths as they end; the longest first.
 */
const LONG_FIRST = [
  '/fuzz/write-routes.int.test.ts',
  'e2e/management-orders.e2e.ts',
  'e2e/management-menu.e2e.ts',
  'e2e/management-reviews.e2e.ts',
  'e2e/admin.e2e.ts',
  'e2e/management-shell.e2e.ts',
  'e2e/kiosk.e2e.ts',
  'e2e/pos-card.e2e.ts',
  'e2e/pos.e2e.ts',
  'e2e/pos-offline.e2e.ts',
  '/pos-card-crash.int.test.ts',
  '/checkout-crash.int.test.ts',
  '/crash-safety.int.test.ts',
  '/routes/auth.int.test.ts',
];

const rankOf = (file: string) => {
  const rank = LONG_FIRST.findIndex((end) => file.includes(end));
  return rank === -1 ? LONG_FIRST.length : rank;
};

export default class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projectOrder = new Map<string, number>();
    for (const spec of sorted)
      if (!projectOrder.has(spec.project.name)) projectOrder.set(spec.project.name, projectOrder.size);
    const position = new Map(sorted.map((spec, index) => [spec, index]));
    const ordered = [...sorted].sort(
      (a, b) =>
        projectOrder.get(a.project.name)! - projectOrder.get(b.project.name)! ||
        rankOf(a.moduleId) - rankOf(b.moduleId) ||
        position.get(a)! - position.get(b)!,
    );
    return ordered;
  }
}
