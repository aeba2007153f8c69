import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles } from './import-cycles';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('no import cycles, type-only imports included', () => {
  it.each(['api/src', 'realtime-server/src', 'packages'])('%s has none', (folder) => {
    expect(importCycles(path.join(root, folder))).toEqual([]);
  });

  it('finds a cycle made of a type-only import and a re-export (the check bites)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'le-cycles-'));
    try {
      writeFileSync(path.join(dir, 'a.ts'), "import type { B } from './b';\nexport type A = B;\n");
      writeFileSync(path.join(dir, 'b.ts'), "export type B = string;\nexport * from './c';\n");
      writeFileSync(path.join(dir, 'c.ts'), "export const c = () => import('./a');\n");
      writeFileSync(path.join(dir, 'd.ts'), "import './a';\n");
      expect(importCycles(dir)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
