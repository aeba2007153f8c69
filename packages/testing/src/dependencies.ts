import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** Finds an executable on PATH (or an absolute path); null when it is not there. */
export const findExecutable = (name: string): string | null => {
  const candidates = path.isAbsolute(name)
    ? [name]
    : (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, name));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // keep looking
    }
  }
  return null;
};

export const isCi = (): boolean => process.env.CI === 'true' || process.env.CI === '1';

/**
 * A suite's real dependency. Present: returns its path. Missing under CI=true: throws, so the suite
 * fails. Missing elsewhere: returns null after saying which suite is skipped and why.
 */
export const requireOrSkip = (executable: string, suite: string, installHint: string): string | null => {
  const found = findExecutable(executable);
  if (found) return found;
  const message = `${suite}: ${executable} is not installed (${installHint})`;
  if (isCi()) throw new Error(`${message}; CI=true requires it`);
  process.stderr.write(`SKIPPED ${message}\n`);
  return null;
};
