import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every runtime dependency a workspace package declares is imported by its own sources: an
 * unused one (a leftover after a refactor) is refused here instead of shipping in the image.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Declared for a reason other than an import in src (named, so the exception is visible). */
const NOT_IMPORTED: Record<string, Record<string, string>> = {
  api: { tsx: 'loads the TypeScript of the CLIs at run time (pnpm backup, pnpm chat:check)' },
  web: { '@emotion/react': "Chakra UI's peer dependency: its styling engine, imported by Chakra itself" },
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx|mjs|js)$/.test(name) && !/\.(unit|int|e2e)\.test\./.test(name) ? [full] : [];
  });

const packages = ['api', 'realtime-server', 'web', ...readdirSync(path.join(root, 'packages')).map((name) => `packages/${name}`)];

describe('runtime dependencies', () => {
  it.each(packages)('%s imports every dependency it declares', (folder) => {
    const manifest = JSON.parse(readFileSync(path.join(root, folder, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    const text = sourceFiles(path.join(root, folder, 'src')).map((file) => readFileSync(file, 'utf8')).join('\n');
    const unused = Object.keys(manifest.dependencies ?? {}).filter((name) => {
      if (NOT_IMPORTED[folder]?.[name]) return false;
      const specifier = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
      return !new RegExp(`(?:from|import\\(|import)\\s*['"]${specifier}(?:/[^'"]*)?['"]`).test(text);
    });
    expect(unused).toEqual([]);
  });
});
