import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { webBuildState } from './web-build.mjs';

/** `pnpm start` rebuilds the web app when it is missing or older than its sources. */
const at = (file: string, seconds: number) => utimesSync(file, seconds, seconds);

describe('webBuildState', () => {
  it('is missing without a build, stale when a source (web or contracts) is newer, fresh otherwise', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'le-web-'));
    const dist = path.join(root, 'web/dist');
    mkdirSync(path.join(root, 'web/src/features'), { recursive: true });
    mkdirSync(path.join(root, 'packages/contracts/src'), { recursive: true });
    const source = path.join(root, 'web/src/features/page.tsx');
    const contract = path.join(root, 'packages/contracts/src/messages.ts');
    writeFileSync(source, 'export {};');
    writeFileSync(contract, 'export {};');
    at(source, 1_000);
    at(contract, 1_000);
    expect(webBuildState(root, dist)).toBe('missing');

    mkdirSync(path.join(dist, 'server'), { recursive: true });
    writeFileSync(path.join(dist, 'server/index.js'), 'export {};');
    at(path.join(dist, 'server/index.js'), 2_000);
    expect(webBuildState(root, dist)).toBe('fresh');

    at(source, 3_000);
    expect(webBuildState(root, dist)).toBe('stale');
    at(source, 1_000);
    at(contract, 3_000);
    expect(webBuildState(root, dist)).toBe('stale');
  });
});
