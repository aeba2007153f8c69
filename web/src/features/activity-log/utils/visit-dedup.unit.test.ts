import { beforeEach, describe, expect, it } from 'vitest';

import { claimFirstVisit, resetVisitLogger, shouldReportVisit } from './visit-dedup';

describe('page visit reports (spec §2)', () => {
  beforeEach(() => resetVisitLogger());

  it('skips the first page of a reload, then reports the next navigations', () => {
    expect(shouldReportVisit('/live', 0, true)).toBe(false);
    expect(shouldReportVisit('/history', 5_000, true)).toBe(true);
    expect(shouldReportVisit('/live', 6_000, true)).toBe(true);
  });

  it('reports the first page of a fresh load', () => {
    expect(shouldReportVisit('/', 0, false)).toBe(true);
  });

  it('skips the same page within 1 s, but not a different page or a later visit', () => {
    expect(shouldReportVisit('/faq-chat', 10_000, false)).toBe(true);
    expect(shouldReportVisit('/faq-chat', 10_999, false)).toBe(false);
    expect(shouldReportVisit('/live', 11_000, false)).toBe(true);
    expect(shouldReportVisit('/faq-chat', 11_100, false)).toBe(true);
    expect(shouldReportVisit('/faq-chat', 12_100, false)).toBe(true);
  });

  it('a double mount (StrictMode) of the same page reports once', () => {
    expect(shouldReportVisit('/dashboard', 0, false)).toBe(true);
    expect(shouldReportVisit('/dashboard', 3, false)).toBe(false);
  });

  it('a first visit reported before the app started is not reported again by the app, however late it comes', () => {
    expect(claimFirstVisit('/', 0, false)).toBe(true);
    expect(shouldReportVisit('/', 60_000, false)).toBe(false);
    // the next pages are visits as before
    expect(shouldReportVisit('/history', 61_000, false)).toBe(true);
    expect(shouldReportVisit('/', 62_000, false)).toBe(true);
  });

  it('a first visit claimed on a reload is not reported, and the app does not report it either', () => {
    expect(claimFirstVisit('/history', 0, true)).toBe(false);
    expect(shouldReportVisit('/history', 5_000, true)).toBe(false);
  });

  it('once the app has seen a page, the early report has nothing to claim', () => {
    expect(shouldReportVisit('/', 0, false)).toBe(true);
    expect(claimFirstVisit('/', 2_000, false)).toBe(false);
  });
});
