import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * A Vitest reporter for the suite's time (issue 49): at the end of a run it prints each project's worker time
 * (what the files cost, hooks included) and the slowest files, and with FILE_TIMES_JSON=path writes every
 * file's figures there. A file's own duration counts its hooks, so a slow beforeAll is seen where it is.
 *
 *   npx vitest run --reporter=default --reporter=./scripts/file-times-reporter.ts
 */
export default class FileTimesReporter implements Reporter {
  private readonly rows: { project: string; file: string; seconds: number; tests: number }[] = [];

  onTestModuleEnd(module: TestModule) {
    const { duration, setupDuration, collectDuration, prepareDuration, environmentSetupDuration } =
      module.diagnostic();
    const seconds =
      (duration + setupDuration + collectDuration + prepareDuration + environmentSetupDuration) / 1000;
    this.rows.push({
      project: module.project.name,
      file: relative(process.cwd(), module.moduleId),
      seconds,
      tests: [...module.children.allTests()].length,
    });
  }

  onTestRunEnd() {
    const byProject = new Map<string, number>();
    for (const row of this.rows) byProject.set(row.project, (byProject.get(row.project) ?? 0) + row.seconds);
    const total = [...byProject.values()].reduce((sum, seconds) => sum + seconds, 0);
    const lines = [`worker time by project (${total.toFixed(0)} s in all):`];
    for (const [project, seconds] of [...byProject].sort((a, b) => b[1] - a[1])) {
      lines.push(`  ${seconds.toFixed(0).padStart(6)} s  ${project}`);
    }
    lines.push('slowest files:');
    for (const row of [...this.rows].sort((a, b) => b.seconds - a.seconds).slice(0, 15)) {
      lines.push(`  ${row.seconds.toFixed(1).padStart(6)} s  ${row.project.padEnd(14)} ${row.file}`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
    const out = process.env.FILE_TIMES_JSON;
    if (out) writeFileSync(out, JSON.stringify(this.rows, null, 2));
  }
}
