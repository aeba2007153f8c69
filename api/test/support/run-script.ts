import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: scripts run from there, as `pnpm` runs them. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ScriptResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

/** Runs a TypeScript file (through tsx) as its own process and collects what it printed. */
export const runScript = (file: string, args: string[], env?: Record<string, string>): Promise<ScriptResult> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
      cwd: ROOT,
      env: env ? { PATH: process.env.PATH ?? '', ...env } : process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) => resolve({ code, signal, output }));
  });
