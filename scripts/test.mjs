#!/usr/bin/env node
// `pnpm test`: the lint, the type check and the test suites (vitest: unit, integration, browser) at
// once, then each part's time. Lint and type check run at a lower priority: they fill the time the
// browser suites spend waiting on Chromium and the server rather than slowing the suites down.
// Arguments go to vitest. Exits 1 when any part fails.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (file) => path.join(root, 'node_modules', file);

const parts = [
  { name: 'lint', args: [bin('eslint/bin/eslint.js'), '.'], quiet: true, nice: 10 },
  { name: 'typecheck', args: [bin('typescript/bin/tsc'), '-b'], quiet: true, nice: 10 },
  { name: 'vitest', args: [bin('vitest/vitest.mjs'), 'run', ...process.argv.slice(2)], quiet: false, nice: 0 },
];

const started = Date.now();
const run = (part) =>
  new Promise((resolve) => {
    const begin = Date.now();
    // Lint and type check print only when they find something: kept until they end, so their
    // report is not cut into the suites' output.
    const child = spawn(process.execPath, part.args, { cwd: root, stdio: ['ignore', part.quiet ? 'pipe' : 'inherit', part.quiet ? 'pipe' : 'inherit'] });
    if (part.nice) {
      try {
        setPriority(child.pid, part.nice);
      } catch {
        // not allowed here: the part runs at the usual priority
      }
    }
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - begin) / 1000);
      if (output) process.stdout.write(`\n--- ${part.name} ---\n${output}`);
      process.stdout.write(`\n${part.name}: ${code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s\n`);
      resolve({ ...part, code, seconds });
    });
  });

const results = await Promise.all(parts.map(run));
process.stdout.write(
  `\npnpm test, ${Math.round((Date.now() - started) / 1000)} s in all, the parts side by side:\n${results.map((r) => `  ${r.name.padEnd(10)} ${String(r.seconds).padStart(5)} s  ${r.code === 0 ? 'passed' : 'FAILED'}`).join('\n')}\n`,
);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
