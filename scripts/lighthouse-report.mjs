// The pure parts of `pnpm lighthouse` (scripts/lighthouse.mjs): the targets, reading a run's scores,
// the table it prints, and the JavaScript a page loaded while recorded.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Lighthouse mobile targets, as category scores out of 100. */
export const TARGETS = { performance: 90, accessibility: 100, 'best-practices': 95, seo: 95 };

/**
 * The most JavaScript, gzipped, that a first visit of a public page may load (public pages
 * load only what they show): every same-origin script the page fetched while Lighthouse recorded it.
 */
export const INITIAL_JS_BUDGET_BYTES = 150 * 1024;

/** A run's category scores out of 100 (Lighthouse gives 0..1, or null when a category failed to run). */
export const scoresOf = (lhr) =>
  Object.fromEntries(
    Object.keys(TARGETS).map((id) => {
      const score = lhr.categories[id]?.score;
      return [id, typeof score === 'number' ? Math.round(score * 100) : null];
    }),
  );

/** The median of each category over several runs of one page (Lighthouse's own advice for noisy scores). */
export const medianScores = (runs) =>
  Object.fromEntries(
    Object.keys(TARGETS).map((id) => {
      const values = runs.map((run) => run[id]).filter((value) => value !== null).sort((a, b) => a - b);
      return [id, values.length === 0 ? null : values[Math.floor((values.length - 1) / 2)]];
    }),
  );

/** The metrics behind the performance score, as Lighthouse shows them ("2.1 s"). */
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
};
export const metricsOf = (lhr) =>
  Object.entries(METRICS)
    .map(([name, id]) => `${name} ${lhr.audits[id]?.displayValue ?? 'n/a'}`)
    .join(', ');

/** The categories of one page below their target ("performance 84 < 90"). */
export const missedTargets = (scores) =>
  Object.entries(TARGETS)
    .filter(([id, target]) => scores[id] === null || scores[id] < target)
    .map(([id, target]) => `${id} ${scores[id] ?? 'n/a'} < ${target}`);

/** One line per page: the four scores, each with its target, and what was missed. */
export const formatRow = (page, scores) => {
  const cells = Object.entries(TARGETS).map(([id, target]) => `${id} ${String(scores[id] ?? 'n/a').padStart(3)}/${target}`);
  const missed = missedTargets(scores);
  return `${page.padEnd(10)} ${cells.join('  ')}  ${missed.length === 0 ? 'ok' : `MISSED: ${missed.join(', ')}`}`;
};

/**
 * The same-origin scripts a page fetched while Lighthouse recorded it (its network-requests audit),
 * each once, with their gzip sizes (level 9) from the build in `distDir`: what a first visit loaded.
 */
export const loadedJs = (lhr, distDir) => {
  const origin = new URL(lhr.finalDisplayedUrl ?? lhr.finalUrl ?? lhr.requestedUrl).origin;
  const urls = [];
  for (const item of lhr.audits['network-requests']?.details?.items ?? []) {
    if (item.resourceType !== 'Script') continue;
    const url = new URL(item.url);
    if (url.origin === origin && !urls.includes(url.pathname)) urls.push(url.pathname);
  }
  // A script the build did not write (none should be served) is named, not weighed.
  const missing = urls.filter((url) => !existsSync(path.join(distDir, url)));
  const files = urls
    .filter((url) => !missing.includes(url))
    .map((url) => {
      const bytes = readFileSync(path.join(distDir, url));
      return { url, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
    });
  return { files, missing, gzipBytes: files.reduce((total, file) => total + file.gzipBytes, 0) };
};
