/* global document -- the function given to waitForFunction runs in the page */
// What holds a page's start back, task by task (`pnpm lighthouse` prints it after its scores): on the
// phone profile of the first-tap measure (375 px, touch, CPU 4× slower), one Chrome trace of a page's
// load with V8's sampling profiler on, from the navigation until the app has drawn the reader's own
// view and the page has been quiet for a while. For every task of the main thread over 50 ms: when it
// started, how long it took, what kind of work it was (script, style, layout) and in which of the
// build's files its JavaScript ran (self time of the samples inside it). Then the page's blocking
// time (what Lighthouse's TBT sums: each task's part over 50 ms) by file.
import { chromium } from 'playwright-core';

const LONG_TASK_US = 50_000;
const KINDS = new Map([
  ['FunctionCall', 'script'],
  ['EvaluateScript', 'script'],
  ['v8.evaluateModule', 'script'],
  ['v8.compile', 'compile'],
  ['v8.compileModule', 'compile'],
  ['RunMicrotasks', 'script'],
  ['ParseHTML', 'html'],
  ['UpdateLayoutTree', 'style'],
  ['ParseAuthorStyleSheet', 'style'],
  ['Layout', 'layout'],
  ['Paint', 'paint'],
  ['MajorGC', 'gc'],
  ['MinorGC', 'gc'],
]);

/** The build's file a frame ran in, without its content hash ("entry.client", "root"), or V8's own label. */
const fileOf = (callFrame) => {
  const name = (callFrame.url || '').split('/').pop();
  if (!name) return callFrame.functionName.startsWith('(') ? callFrame.functionName : `(${callFrame.functionName || 'native'})`;
  return name.replace(/-[\w-]{8}\.js$/, '').replace(/\.js$/, '');
};

/** The trace's events of one page load, with the profiler's samples, on a slowed phone. */
const traceLoad = async (browser, url) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const events = [];
    cdp.on('Tracing.dataCollected', (message) => events.push(...message.value));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,disabled-by-default-v8.cpu_profiler,loading,blink.user_timing',
      transferMode: 'ReportEvents',
    });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'), undefined, { timeout: 120_000 });
    // the layers that load right after hydration (sockets, toasts) and their first reads
    await page.waitForTimeout(5000);
    await cdp.send('Tracing.end');
    await complete;
    return events;
  } finally {
    await context.close();
  }
};

/** The renderer's main thread: the one that ran the most script. */
const mainThreadOf = (events) => {
  const script = new Map();
  for (const event of events) {
    if (event.name !== 'FunctionCall' && event.name !== 'v8.evaluateModule') continue;
    const key = `${event.pid}/${event.tid}`;
    script.set(key, (script.get(key) ?? 0) + (event.dur ?? 0));
  }
  const [key] = [...script].sort((a, b) => b[1] - a[1])[0];
  const [pid, tid] = key.split('/').map(Number);
  return { pid, tid };
};

/** The profiler's samples of a process, each with its time on the trace's clock and its frame. */
const samplesOf = (events, pid) => {
  const nodes = new Map();
  const samples = [];
  const starts = new Map(events.filter((event) => event.name === 'Profile' && event.pid === pid).map((event) => [event.id, event.args.data.startTime]));
  const clocks = new Map();
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || event.pid !== pid) continue;
    const data = event.args.data;
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    let clock = clocks.get(event.id) ?? starts.get(event.id) ?? 0;
    const ids = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let index = 0; index < ids.length; index += 1) {
      clock += deltas[index] ?? 0;
      samples.push({ ts: clock, node: ids[index] });
    }
    clocks.set(event.id, clock);
  }
  return samples.map((sample) => ({ ts: sample.ts, file: nodes.has(sample.node) ? fileOf(nodes.get(sample.node).callFrame) : '(unknown)' }));
};

const share = (counts, total) =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .filter(([, value]) => value / total >= 0.05)
    .slice(0, 4)
    .map(([key, value]) => `${key} ${Math.round((100 * value) / total)}%`)
    .join(', ');

/** The long tasks of one load of `url`, and its blocking time by file. */
export const longTasksOf = async (browser, url) => {
  const events = await traceLoad(browser, url);
  const main = mainThreadOf(events);
  const onMain = (event) => event.pid === main.pid && event.tid === main.tid;
  // the navigation to the page (not the blank page before it)
  const start = events.find((event) => event.name === 'navigationStart' && event.args?.data?.documentLoaderURL === url)?.ts ?? Math.min(...events.filter(onMain).map((event) => event.ts));
  const samples = samplesOf(events, main.pid);
  const tasks = events
    .filter((event) => onMain(event) && event.name === 'RunTask' && event.dur > LONG_TASK_US && event.ts >= start)
    .map((task) => {
      const end = task.ts + task.dur;
      const kinds = new Map();
      for (const event of events) {
        if (!onMain(event) || event.ph !== 'X' || event.ts < task.ts || event.ts >= end || !KINDS.has(event.name)) continue;
        kinds.set(KINDS.get(event.name), (kinds.get(KINDS.get(event.name)) ?? 0) + event.dur);
      }
      const files = new Map();
      for (const sample of samples) if (sample.ts >= task.ts && sample.ts < end) files.set(sample.file, (files.get(sample.file) ?? 0) + 1);
      return { at: (task.ts - start) / 1000, ms: task.dur / 1000, kinds, files };
    });
  // each task's blocking part (over 50 ms), shared among its files as its samples are
  const blockingByFile = new Map();
  let blocking = 0;
  for (const task of tasks) {
    const part = task.ms - LONG_TASK_US / 1000;
    blocking += part;
    const total = [...task.files.values()].reduce((sum, value) => sum + value, 0);
    for (const [file, count] of task.files) blockingByFile.set(file, (blockingByFile.get(file) ?? 0) + (total ? (part * count) / total : 0));
  }
  return { tasks, blocking, blockingByFile };
};

/** Per page, one load's long tasks, as lines to print. */
export const describeLongTasks = async (baseURL, chromePath, pages) => {
  const browser = await chromium.launch({
    executablePath: chromePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const lines = [];
  try {
    for (const page of pages) {
      const { tasks, blocking, blockingByFile } = await longTasksOf(browser, `${baseURL}${page}`);
      lines.push(`${page.padEnd(10)} ${tasks.length} tasks over 50 ms, blocking ${Math.round(blocking)} ms; by file: ${share(blockingByFile, blocking || 1)}`);
      for (const task of [...tasks].sort((a, b) => b.ms - a.ms).slice(0, 6).sort((a, b) => a.at - b.at)) {
        const kindTotal = [...task.kinds.values()].reduce((sum, value) => sum + value, 0) || 1;
        const fileTotal = [...task.files.values()].reduce((sum, value) => sum + value, 0) || 1;
        lines.push(`${' '.repeat(11)}at ${String(Math.round(task.at)).padStart(5)} ms: ${String(Math.round(task.ms)).padStart(5)} ms  ${share(task.kinds, kindTotal)} | ${share(task.files, fileTotal)}`);
      }
    }
    return lines;
  } finally {
    await browser.close();
  }
};
