import type { Reporter, TestCase, TestModule } from 'vitest/node';

/**
 * Prints, once the run ends, how long each project took from its first file's start to its last
 * file's end, and how many files it ran: one vitest run holds the unit, integration and browser
 * suites side by side, and CI wants to see where its minutes go. Then every test that passed only
 * when run again (the browser project retries once), so that a retry is never silent.
 */
export default class Timings implements Reporter {
  private readonly spans = new Map<string, { start: number; end: number; files: number }>();
  private readonly started = performance.now();
  private readonly retried: string[] = [];

  onTestCaseResult(test: TestCase): void {
    const { retryCount } = test.diagnostic() ?? { retryCount: 0 };
    if (retryCount > 0) this.retried.push(`  ${test.project.name}: ${test.module.moduleId.replace(`${process.cwd()}/`, '')} > ${test.fullName} (${test.result().state} after ${retryCount + 1} runs)`);
  }

  onTestModuleStart(module: TestModule): void {
    const name = module.project.name;
    const span = this.spans.get(name);
    const now = performance.now();
    if (span) span.files += 1;
    else this.spans.set(name, { start: now, end: now, files: 1 });
  }

  onTestModuleEnd(module: TestModule): void {
    const span = this.spans.get(module.project.name);
    if (span) span.end = performance.now();
  }

  onTestRunEnd(): void {
    const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
    const lines = [...this.spans].map(
      ([name, span]) => `  ${name.padEnd(14)} ${String(span.files).padStart(3)} files  ${seconds(span.end - span.start).padStart(6)}  (from ${seconds(span.start - this.started)} to ${seconds(span.end - this.started)})`,
    );
    process.stdout.write(`\nvitest, each project from its first file's start to its last file's end:\n${lines.join('\n')}\n`);
    process.stdout.write(this.retried.length > 0 ? `\nrun again after a failure (${this.retried.length}):\n${this.retried.join('\n')}\n` : '\nno test was run again after a failure\n');
  }
}
