// The pure parts of `pnpm lighthouse` (scripts/lighthouse.mjs): the targets, reading a run's scores,
// the table it prints, and the JavaScript a page starts with and loaded while recorded.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Lighthouse mobile targets, as category scores out of 100. */
export const TARGETS = { performance: 90, accessibility: 100, 'best-practices': 95, seo: 95 };

/**
 * The most JavaScript, gzipped, that a public page may load before it is interactive: the scripts the
 * drawn page names to start (`startJs`). What loads after hydration (the live layers, toasts, dialogs)
 * is printed beside it (`loadedJs`), not held to it.
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
 * Scripts of the build in `distDir`, each with its gzip size (level 9).
 * @param {string[]} urls
 * @param {string} distDir
 */
const weigh = (urls, distDir) => {
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

/**
 * The scripts a drawn page starts with: those its `<link rel="modulepreload">` name and those its
 * inline module script imports (React Router's), each once, weighed gzipped from the build.
 */
export const startJs = (html, distDir) => {
  /** @type {string[]} */
  const urls = [];
  const add = (url) => {
    if (url.startsWith('/') && !urls.includes(url)) urls.push(url);
  };
  for (const [, attributes] of html.matchAll(/<link\b([^>]*)>/g)) {
    if (!/\brel="modulepreload"/.test(attributes)) continue;
    const href = /\bhref="([^"]+)"/.exec(attributes);
    if (href) add(href[1]);
  }
  for (const [, body] of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const [, url] of body.matchAll(/\bimport\s*(?:\(\s*|[^'"()]*?from\s*|)["']([^"']+)["']/g)) add(url);
  }
  return weigh(urls, distDir);
};

/**
 * The same-origin scripts a page fetched while Lighthouse recorded it (its network-requests audit),
 * each once, weighed: what a first visit loaded, the parts loaded after hydration included.
 */
export const loadedJs = (lhr, distDir) => {
  const origin = new URL(lhr.finalDisplayedUrl ?? lhr.finalUrl ?? lhr.requestedUrl).origin;
  const urls = [];
  for (const item of lhr.audits['network-requests']?.details?.items ?? []) {
    if (item.resourceType !== 'Script') continue;
    const url = new URL(item.url);
    if (url.origin === origin && !urls.includes(url.pathname)) urls.push(url.pathname);
  }
  return weigh(urls, distDir);
};

/**
 * When the page painted as Lighthouse recorded it (unthrottled), and how many of its scripts had
 * finished loading by then. Lantern simulates FCP and LCP from that recording: a High-priority script
 * that loaded before the recorded paint is counted as blocking it unless the trace shows it run after
 * the paint, and a module's run never shows (its trace event is not the one Lantern reads; an open
 * Lighthouse issue, GoogleChrome/lighthouse#17163). So on this machine, where the scripts arrive within
 * a few hundred milliseconds, the same page is simulated to paint at about 0.8 s when it painted
 * before they arrived and at about 2.5 s (their download at 1.6 Mbps) when it painted after.
 * Null when the report lacks the audits it reads.
 */
export const paintOf = (lhr) => {
  const observed = lhr.audits.metrics?.details?.items?.[0];
  const requests = lhr.audits['network-requests']?.details;
  const origin = observed?.observedTimeOriginTs;
  const first = requests?.debugData?.networkStartTimeTs;
  if (typeof observed?.observedFirstContentfulPaint !== 'number' || typeof origin !== 'number' || typeof first !== 'number') return null;
  // the requests' times count from the first request, the paints from the navigation
  const shift = (first - origin) / 1000;
  const ends = requests.items
    .filter((item) => item.resourceType === 'Script' && item.priority === 'High' && typeof item.networkEndTime === 'number')
    .map((item) => item.networkEndTime + shift);
  const paint = observed.observedFirstContentfulPaint;
  return { paint, loadedBefore: ends.filter((end) => end <= paint).length };
};

/** "0.30 s, after 13 scripts had loaded" or "0.25 s, before any script had loaded". */
export const formatPaint = ({ paint, loadedBefore }) =>
  `${(paint / 1000).toFixed(2)} s, ${loadedBefore === 0 ? 'before any script had loaded' : `after ${loadedBefore} script${loadedBefore === 1 ? '' : 's'} had loaded`}`;
