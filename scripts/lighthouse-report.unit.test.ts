import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { TARGETS, formatPaint, formatRow, loadedJs, medianScores, missedTargets, paintOf, scoresOf, startJs } from './lighthouse-report.mjs';

/** `pnpm lighthouse` (scripts/lighthouse.mjs): its targets, its table and the initial JavaScript it weighs. */
const lhr = (scores: Record<string, number | null>) => ({ categories: Object.fromEntries(Object.entries(scores).map(([id, score]) => [id, { score }])) });

describe('lighthouse report', () => {
  it('reads scores out of 100 and finds each target missed, a category that did not run included', () => {
    const scores = scoresOf(lhr({ performance: 0.895, accessibility: 1, 'best-practices': 0.96, seo: null }));
    expect(scores).toEqual({ performance: 90, accessibility: 100, 'best-practices': 96, seo: null });
    expect(missedTargets(scores)).toEqual(['seo n/a < 95']);
    expect(missedTargets({ performance: 89, accessibility: 99, 'best-practices': 95, seo: 95 })).toEqual(['performance 89 < 90', 'accessibility 99 < 100']);
    expect(missedTargets({ performance: 90, accessibility: 100, 'best-practices': 95, seo: 95 })).toEqual([]);
    expect(Object.keys(TARGETS)).toEqual(['performance', 'accessibility', 'best-practices', 'seo']);
  });

  it('takes the median of each category over the runs (the lower middle for an even count)', () => {
    const runs = [
      { performance: 70, accessibility: 100, 'best-practices': 96, seo: 100 },
      { performance: 95, accessibility: 100, 'best-practices': 96, seo: 100 },
      { performance: 91, accessibility: 96, 'best-practices': null, seo: 100 },
    ];
    expect(medianScores(runs)).toEqual({ performance: 91, accessibility: 100, 'best-practices': 96, seo: 100 });
    expect(medianScores(runs.slice(0, 2)).performance).toBe(70);
  });

  it('prints one line a page: ok, or what was missed', () => {
    expect(formatRow('/history', { performance: 92, accessibility: 100, 'best-practices': 96, seo: 100 })).toMatch(/^\/history\s+performance\s+92\/90 .* ok$/);
    expect(formatRow('/', { performance: 53, accessibility: 96, 'best-practices': 96, seo: 92 })).toMatch(
      /MISSED: performance 53 < 90, accessibility 96 < 100, seo 92 < 95$/,
    );
  });

  it('tells when the recorded page painted and how many of its High-priority scripts had loaded by then', () => {
    const report = (paint: number, ends: number[]) => ({
      audits: {
        metrics: { details: { items: [{ observedFirstContentfulPaint: paint, observedTimeOriginTs: 1_000_000 }] } },
        'network-requests': {
          details: {
            // the requests count from 4 ms after the navigation
            debugData: { networkStartTimeTs: 1_004_000 },
            items: [
              { resourceType: 'Document', priority: 'VeryHigh', networkEndTime: 80 },
              ...ends.map((end) => ({ resourceType: 'Script', priority: 'High', networkEndTime: end })),
              { resourceType: 'Script', priority: 'Low', networkEndTime: 100 },
              { resourceType: 'Script', priority: 'High' },
            ],
          },
        },
      },
    });
    const after = paintOf(report(301, [180, 196, 297, 298, 420]));
    // 297 + 4 ≤ 301 loaded before the paint; 298 + 4 did not; the Low one and the unfinished one are not counted
    expect(after).toEqual({ paint: 301, loadedBefore: 3 });
    expect(formatPaint(after!)).toBe('0.30 s, after 3 scripts had loaded');
    expect(formatPaint({ paint: 420, loadedBefore: 1 })).toBe('0.42 s, after 1 script had loaded');
    const before = paintOf(report(251, [270, 304]));
    expect(before).toEqual({ paint: 251, loadedBefore: 0 });
    expect(formatPaint(before!)).toBe('0.25 s, before any script had loaded');
    expect(paintOf({ audits: {} })).toBeNull();
    // without the clocks it shifts by, it says nothing rather than a wrong count
    const unclocked = report(301, [180]);
    delete (unclocked.audits['network-requests'].details as { debugData?: unknown }).debugData;
    expect(paintOf(unclocked)).toBeNull();
  });

  it('weighs the same-origin scripts a page loaded while recorded, once each, from the build', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'le-loaded-js-'));
    try {
      mkdirSync(path.join(dist, 'assets'));
      const entry = 'const entry = 1;'.repeat(100);
      const visit = 'export const visit = "logged";'.repeat(50);
      writeFileSync(path.join(dist, 'assets/index-a.js'), entry);
      writeFileSync(path.join(dist, 'assets/visit-b.js'), visit);
      writeFileSync(path.join(dist, 'assets/boot-c.js'), 'x'.repeat(100_000));
      const lhr = {
        finalDisplayedUrl: 'http://127.0.0.1:4000/history',
        audits: {
          'network-requests': {
            details: {
              items: [
                { url: 'http://127.0.0.1:4000/history', resourceType: 'Document' },
                { url: 'http://127.0.0.1:4000/assets/index-a.js', resourceType: 'Script' },
                { url: 'http://127.0.0.1:4000/assets/visit-b.js?v=1', resourceType: 'Script' },
                { url: 'http://127.0.0.1:4000/assets/visit-b.js', resourceType: 'Script' },
                { url: 'https://s3.tradingview.com/tv.js', resourceType: 'Script' },
                { url: 'http://127.0.0.1:4000/api/history', resourceType: 'Fetch' },
                { url: 'http://127.0.0.1:4000/assets/gone-d.js', resourceType: 'Script' },
              ],
            },
          },
        },
      };
      const loaded = loadedJs(lhr, dist);
      expect(loaded.files.map((file) => file.url)).toEqual(['/assets/index-a.js', '/assets/visit-b.js']);
      expect(loaded.gzipBytes).toBe(gzipSync(entry, { level: 9 }).length + gzipSync(visit, { level: 9 }).length);
      // a script the build did not write is named, not weighed (nor a reason to stop the run)
      expect(loaded.missing).toEqual(['/assets/gone-d.js']);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('weighs the scripts a drawn page names to start: its module preloads and its inline module script’s imports', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'le-start-js-'));
    try {
      mkdirSync(path.join(dist, 'assets'));
      const files = { 'entry-a.js': 'const a = 1;'.repeat(40), 'framework-b.js': 'const b = 2;'.repeat(80), 'root-c.js': 'c'.repeat(500), 'home-d.js': 'export const d = 4;'.repeat(30), 'lazy-e.js': 'e'.repeat(9000) };
      for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dist, 'assets', name), text);
      const html =
        '<html><head><link rel="modulepreload" href="/assets/entry-a.js" nonce="n"/><link rel="preload" as="image" href="/assets/hero.svg"/>' +
        '<link href="/assets/framework-b.js" rel="modulepreload"/><link rel="modulepreload" href="/assets/entry-a.js"/></head><body>' +
        '<script type="module" nonce="n">import * as route0 from "/assets/root-c.js";\nimport * as route1 from "/assets/home-d.js";\nimport("/assets/entry-a.js");</script>' +
        '<script>window.lazy = "/assets/lazy-e.js"</script><script type="module">import "/assets/gone-f.js";</script></body></html>';
      const start = startJs(html, dist);
      expect(start.files.map((file) => file.url)).toEqual(['/assets/entry-a.js', '/assets/framework-b.js', '/assets/root-c.js', '/assets/home-d.js']);
      const gzipped = ['entry-a.js', 'framework-b.js', 'root-c.js', 'home-d.js'].map((name) => gzipSync(files[name as keyof typeof files], { level: 9 }).length);
      expect(start.gzipBytes).toBe(gzipped.reduce((total, bytes) => total + bytes, 0));
      expect(start.missing).toEqual(['/assets/gone-f.js']);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
