import type { Signal, SignalDetail, SignalEventPayload, SignalStats } from '@le/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { catchUpSignalProjection } from '../src/services/signals/catch-up';
import { ADMIN, call, createTestApp, signIn, signUp, type SignedInUser, type TestApp } from './helpers';

/** The signals of contract §8 through inject on the real server and store: writes, rules, views per viewer, the record. */
let t: TestApp;
let admin: SignedInUser;
let basic: SignedInUser;
let pro: SignedInUser;
let expert: SignedInUser;
let expiredPro: SignedInUser;
let trial: SignedInUser;

const DAY = 86_400_000;
const membership = async (user: SignedInUser, tier: string, end: Date) =>
  t.store.users.update(user.userId, { role: 'member', membershipTier: tier, membershipEnd: end });

const get = (url: string, token?: string) => call(t.app, { method: 'GET', url, ...(token ? { token } : {}) });
const send = (method: 'POST' | 'PATCH', url: string, token: string | undefined, payload?: Record<string, unknown>) =>
  call(t.app, { method, url, ...(token ? { token } : {}), ...(payload ? { payload } : {}) });
const openSignal = async (payload: Record<string, unknown>): Promise<Signal> => {
  const response = await send('POST', '/api/signals', admin.token, payload);
  if (response.statusCode !== 201) throw new Error(`open: ${response.statusCode} ${response.body}`);
  return response.json<{ signal: Signal }>().signal;
};
const BUY = { side: 'buy', entry: 2380, stopLoss: 2370.5, takeProfits: [2390, 2400], analysis: 'Breakout above the Asian range.' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  [basic, pro, expert, expiredPro, trial] = (await Promise.all(['basic', 'pro', 'expert', 'expiredpro', 'trial'].map((label) => signUp(t, label)))) as [
    SignedInUser,
    SignedInUser,
    SignedInUser,
    SignedInUser,
    SignedInUser,
  ];
  const month = new Date(Date.now() + 30 * DAY);
  await membership(basic, 'basic', month);
  await membership(pro, 'pro', month);
  await membership(expert, 'expert', month);
  await membership(expiredPro, 'pro', new Date(Date.now() - DAY));
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

describe('opening a signal', () => {
  it('is for admins only: 401 for a guest, 403 for members, 201 for an admin with the full signal', async () => {
    expect((await send('POST', '/api/signals', undefined, BUY)).statusCode).toBe(401);
    const refused = await send('POST', '/api/signals', expert.token, BUY);
    expect(refused.statusCode).toBe(403);
    const signal = await openSignal(BUY);
    expect(signal).toMatchObject({
      symbol: 'XAUUSD',
      side: 'buy',
      entry: 2380,
      stopLoss: 2370.5,
      takeProfits: [2390, 2400],
      analysis: 'Breakout above the Asian range.',
      status: 'open',
      closedAt: null,
      exitPrice: null,
      outcome: null,
      pips: null,
      author: { _id: admin.userId },
    });
  });

  it.each([
    ['a buy with its stop above the entry', { ...BUY, stopLoss: 2385 }, 'A buy needs its stop-loss below the entry.'],
    ['a sell with a target above the entry', { side: 'sell', entry: 2380, stopLoss: 2390, takeProfits: [2385] }, 'A sell needs every take-profit below the entry.'],
    ['targets out of order', { ...BUY, takeProfits: [2400, 2390] }, 'Take-profits of a buy go up: TP1 < TP2 < TP3.'],
    ['three decimals', { ...BUY, entry: 2380.123 }, 'The entry must be a price above 0 and below 1,000,000 with at most 2 decimals.'],
  ])('answers 400 with the reason for %s, and writes nothing', async (_what, payload, message) => {
    const before = await t.store.signals.readHead();
    const response = await send('POST', '/api/signals', admin.token, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'BAD_LEVELS' });
    expect(await t.store.signals.readHead()).toBe(before);
  });

  it.each([
    ['no targets', { ...BUY, takeProfits: [] }],
    ['four targets', { ...BUY, takeProfits: [2390, 2391, 2392, 2393] }],
    ['a zero price', { ...BUY, stopLoss: 0 }],
    ['a price of 1,000,000', { ...BUY, takeProfits: [1_000_000] }],
    ['an unknown side', { ...BUY, side: 'long' }],
    ['a text price', { ...BUY, entry: '2380' }],
  ])('answers 400 (schema) for %s', async (_what, payload) => {
    const response = await send('POST', '/api/signals', admin.token, payload as Record<string, unknown>);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ code: string }>().code).toBe('VALIDATION');
  });

  it('drops fields it does not know (the symbol is always XAUUSD)', async () => {
    const signal = await openSignal({ ...BUY, symbol: 'EURUSD' });
    expect(signal.symbol).toBe('XAUUSD');
  });
});

describe('who sees what (contract §8 table)', () => {
  it('redacts an open signal per viewer in the list, the detail and the events', async () => {
    const signal = await openSignal({ ...BUY, analysis: 'Only for experts' });
    const views = async (token?: string) => {
      const list = (await get('/api/signals?status=open', token)).json<{ signals: Signal[] }>().signals.find((s) => s._id === signal._id)!;
      const detail = (await get(`/api/signals/${signal._id}`, token)).json<SignalDetail>();
      const events = (await get(`/api/signals/events?after=${signal.seq - 1}`, token)).json<{ events: SignalEventPayload[] }>().events;
      return { list, detail, event: events.find((e) => e.signal._id === signal._id)! };
    };
    for (const token of [undefined, trial.token, basic.token, expiredPro.token]) {
      const { list, detail, event } = await views(token);
      for (const seen of [list, detail.signal, event.signal]) {
        expect(seen).toMatchObject({ side: null, entry: null, stopLoss: null, takeProfits: null, analysis: null, status: 'open' });
      }
      expect(detail.events[0]!.changes).toEqual({ side: null, entry: null, stopLoss: null, takeProfits: null, analysis: null });
    }
    const proView = await views(pro.token);
    expect(proView.list).toMatchObject({ side: 'buy', entry: 2380, stopLoss: 2370.5, takeProfits: [2390, 2400], analysis: null });
    expect(proView.detail.events[0]!.changes).toMatchObject({ side: 'buy', entry: 2380, analysis: null });
    for (const token of [expert.token, admin.token]) {
      const { list, detail, event } = await views(token);
      for (const seen of [list, detail.signal, event.signal]) expect(seen).toMatchObject({ side: 'buy', analysis: 'Only for experts' });
    }
  });

  it('does not let a guest learn an open signal\'s side through the side filter', async () => {
    const signal = await openSignal({ side: 'sell', entry: 2400, stopLoss: 2410, takeProfits: [2390] });
    const guestSells = (await get('/api/signals?side=sell&status=all')).json<{ signals: Signal[] }>().signals;
    expect(guestSells.some((s) => s._id === signal._id)).toBe(false);
    const guestOpenSells = (await get('/api/signals?side=sell&status=open')).json<{ signals: Signal[] }>().signals;
    expect(guestOpenSells).toEqual([]);
    const proSells = (await get('/api/signals?side=sell&status=open', pro.token)).json<{ signals: Signal[] }>().signals;
    expect(proSells.map((s) => s._id)).toContain(signal._id);
  });
});

describe('changing and closing', () => {
  it('keeps every change in the timeline and shows the levels to everyone once closed (the analysis stays for experts)', async () => {
    const signal = await openSignal(BUY);
    const moved = await send('PATCH', `/api/signals/${signal._id}`, admin.token, { stopLoss: 2375 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<{ signal: Signal }>().signal.stopLoss).toBe(2375);
    const badMove = await send('PATCH', `/api/signals/${signal._id}`, admin.token, { stopLoss: 2390 });
    expect(badMove.statusCode).toBe(400);
    expect(badMove.json()).toEqual({ message: 'A buy keeps its stop-loss below the first take-profit.', code: 'BAD_LEVELS' });
    expect((await send('PATCH', `/api/signals/${signal._id}`, admin.token, {})).statusCode).toBe(400);
    await send('PATCH', `/api/signals/${signal._id}`, admin.token, { takeProfits: [2392.5] });

    const closed = await send('POST', `/api/signals/${signal._id}/close`, admin.token, { exitPrice: 2392.5 });
    expect(closed.statusCode).toBe(200);
    expect(closed.json<{ signal: Signal }>().signal).toMatchObject({ status: 'closed', exitPrice: 2392.5, outcome: 'tp', pips: 125 });

    const guest = (await get(`/api/signals/${signal._id}`)).json<SignalDetail>();
    expect(guest.signal).toMatchObject({ side: 'buy', entry: 2380, stopLoss: 2375, takeProfits: [2392.5], analysis: null, pips: 125 });
    expect(guest.events.map((e) => e.type)).toEqual(['signal.opened', 'signal.updated', 'signal.updated', 'signal.closed']);
    expect(guest.events[1]!.changes).toEqual({ stopLoss: 2375 });
    expect(guest.events[3]!.changes).toEqual({ exitPrice: 2392.5, outcome: 'tp', pips: 125 });
    expect(guest.events.every((e, i) => i === 0 || e.seq > guest.events[i - 1]!.seq)).toBe(true);
    const expertView = (await get(`/api/signals/${signal._id}`, expert.token)).json<SignalDetail>();
    expect(expertView.signal.analysis).toBe(BUY.analysis);

    // Honesty: a closed signal never changes again.
    for (const [method, url, payload] of [
      ['PATCH', `/api/signals/${signal._id}`, { stopLoss: 2371 }],
      ['POST', `/api/signals/${signal._id}/close`, { exitPrice: 2395 }],
      ['POST', `/api/signals/${signal._id}/cancel`, undefined],
    ] as const) {
      const response = await send(method, url, admin.token, payload);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: 'This signal is closed and can no longer change.', code: 'SIGNAL_FINISHED' });
    }
  });

  it('moves the stop to break-even (200) and past the entry, and judges the close against the stop in force then', async () => {
    const signal = await openSignal(BUY);
    const even = await send('PATCH', `/api/signals/${signal._id}`, admin.token, { stopLoss: BUY.entry });
    expect(even.statusCode).toBe(200);
    expect(even.json<{ signal: Signal }>().signal).toMatchObject({ status: 'open', entry: 2380, stopLoss: 2380 });
    const trailed = await send('PATCH', `/api/signals/${signal._id}`, admin.token, { stopLoss: 2384.5 });
    expect(trailed.statusCode).toBe(200);
    const closed = await send('POST', `/api/signals/${signal._id}/close`, admin.token, { exitPrice: 2384.5 });
    expect(closed.json<{ signal: Signal }>().signal).toMatchObject({ status: 'closed', outcome: 'sl', pips: 45 });
    const detail = (await get(`/api/signals/${signal._id}`)).json<SignalDetail>();
    expect(detail.events.map((e) => e.changes.stopLoss)).toEqual([2370.5, 2380, 2384.5, undefined]);
  });

  it('refuses a close at a price that is no price (400) and leaves the signal open, its log unchanged', async () => {
    const signal = await openSignal(BUY);
    const head = await t.store.signals.readHead();
    const threeDecimals = await send('POST', `/api/signals/${signal._id}/close`, admin.token, { exitPrice: 2390.123 });
    expect(threeDecimals.statusCode).toBe(400);
    expect(threeDecimals.json()).toEqual({ message: 'The exit price must be a price above 0 and below 1,000,000 with at most 2 decimals.', code: 'BAD_PRICE' });
    for (const payload of [{ exitPrice: 0 }, { exitPrice: '2390' }, {}, { exitPrice: 1_000_000 }]) {
      const response = await send('POST', `/api/signals/${signal._id}/close`, admin.token, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('VALIDATION');
    }
    expect((await send('PATCH', `/api/signals/${signal._id}`, admin.token, { takeProfits: [2390, 2385] })).json()).toEqual({
      message: 'Take-profits of a buy go up: TP1 < TP2 < TP3.',
      code: 'BAD_LEVELS',
    });
    expect(await t.store.signals.readHead()).toBe(head);
    expect(await t.store.signals.findSignal(signal._id)).toMatchObject({ status: 'open', seq: signal.seq });
  });

  it('scores a close at the stop as sl and one in between as manual, with pips from the entry', async () => {
    const sell = await openSignal({ side: 'sell', entry: 2400, stopLoss: 2410, takeProfits: [2380] });
    const atStop = (await send('POST', `/api/signals/${sell._id}/close`, admin.token, { exitPrice: 2410 })).json<{ signal: Signal }>().signal;
    expect(atStop).toMatchObject({ outcome: 'sl', pips: -100 });
    const buy = await openSignal({ side: 'buy', entry: 2384.27, stopLoss: 2380, takeProfits: [2390] });
    const manual = (await send('POST', `/api/signals/${buy._id}/close`, admin.token, { exitPrice: 2386.02 })).json<{ signal: Signal }>().signal;
    expect(manual).toMatchObject({ outcome: 'manual', pips: 17.5 });
  });

  it('cancels only within 5 minutes of opening (409 after), and 404 for an unknown signal', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const early = await openSignal(BUY);
    const late = await openSignal(BUY);
    vi.setSystemTime(Date.now() + 5 * 60_000);
    const cancelled = await send('POST', `/api/signals/${early._id}/cancel`, admin.token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<{ signal: Signal }>().signal).toMatchObject({ status: 'cancelled', outcome: 'cancelled', pips: null });
    vi.setSystemTime(Date.now() + 1);
    const tooLate = await send('POST', `/api/signals/${late._id}/cancel`, admin.token);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json<{ code: string }>().code).toBe('CANCEL_WINDOW_CLOSED');
    const unknown = await send('POST', `/api/signals/${'f'.repeat(24)}/close`, admin.token, { exitPrice: 2390 });
    expect(unknown.statusCode).toBe(404);
    expect((await get(`/api/signals/${'f'.repeat(24)}`)).statusCode).toBe(404);
    // close the late one so the remaining tests start from known open signals
    expect((await send('POST', `/api/signals/${late._id}/close`, admin.token, { exitPrice: 2380 })).statusCode).toBe(200);
  });
});

describe('limits', () => {
  it('answers 429 after 30 signal writes a minute from one address, and writes nothing more', async () => {
    const ip = '10.250.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await call(t.app, { method: 'POST', url: '/api/signals', token: admin.token, ip, payload: { side: 'buy', entry: 2380, stopLoss: 2370, takeProfits: [2390] } })).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 201)).toBe(true);
    const head = await t.store.signals.readHead();
    const refused = await call(t.app, { method: 'POST', url: '/api/signals', token: admin.token, ip, payload: { side: 'buy', entry: 2380, stopLoss: 2370, takeProfits: [2390] } });
    expect(statuses[30]).toBe(429);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await t.store.signals.readHead()).toBe(head);
  });
});

describe('the record and the log', () => {
  it('computes the stats from the events: wins, losses, breakeven, win rate, pips, by month, the curve', async () => {
    const stats = (await get('/api/signals/stats')).json<SignalStats>();
    // closes so far: +125 (tp, risk 95), +45 (sl trailed past the entry, risk 95), -100 (sl, risk 100),
    // +17.5 (manual, risk 42.7), 0 (breakeven at the entry, risk 95); one cancelled
    expect(stats).toMatchObject({
      closed: 5,
      wins: 3,
      losses: 1,
      breakeven: 1,
      cancelled: 1,
      winRate: 0.6,
      winRateInterval: [0.2307, 0.8824],
      pips: 87.5,
      expectancy: 17.5,
      // (125/95 + 45/95 - 1 + 17.5/42.7 + 0) / 5 = 0.2399
      averageR: 0.24,
      profitFactor: 1.88,
      // cumulative 125, 170, 70: a fall of 100 from the peak
      maxDrawdown: 100,
      longestLosingStreak: 1,
    });
    const month = new Date().toISOString().slice(0, 7);
    expect(stats.byMonth).toEqual([{ month, closed: 5, wins: 3, pips: 87.5 }]);
    expect(stats.byAuthor).toEqual([{ author: { _id: admin.userId, name: expect.any(String) }, closed: 5, wins: 3, pips: 87.5, expectancy: 17.5 }]);
    expect(stats.averageHoldMinutes).toBeGreaterThanOrEqual(0);
    expect(stats.curve.map((point) => point.pips)).toEqual([125, 170, 70, 87.5, 87.5]);
  });

  it('numbers every event 1, 2, 3… with no gap, also under concurrent writes, and reads them forward', async () => {
    const opened = await Promise.all(Array.from({ length: 6 }, () => openSignal(BUY)));
    expect(new Set(opened.map((s) => s.seq)).size).toBe(6);
    const events = (await get('/api/signals/events?after=0&limit=500', admin.token)).json<{ events: SignalEventPayload[] }>().events;
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    const tail = (await get(`/api/signals/events?after=${events.length - 2}`)).json<{ events: SignalEventPayload[] }>().events;
    expect(tail.map((e) => e.seq)).toEqual([events.length - 1, events.length]);
  });

  it('pages the list newest first with a cursor', async () => {
    const first = (await get('/api/signals?limit=3')).json<{ signals: Signal[]; nextCursor: string }>();
    expect(first.signals).toHaveLength(3);
    const second = (await get(`/api/signals?limit=3&before=${first.nextCursor}`)).json<{ signals: Signal[] }>();
    const opened = [...first.signals, ...second.signals].map((s) => Date.parse(s.openedAt));
    expect(new Set([...first.signals, ...second.signals].map((s) => s._id)).size).toBe(6);
    expect(opened).toEqual([...opened].sort((a, b) => b - a));
    expect((await get('/api/signals?before=abc')).statusCode).toBe(400);
  });

  it('brings a projection that fell behind its events level on start, however many events other processes folded since', async () => {
    expect(await catchUpSignalProjection(t.store)).toEqual({ signals: 0 });
    const signal = await openSignal(BUY);
    // A crash between the append and the fold: the close is stored, the projection never saw it.
    const head = await t.store.signals.readHead();
    const closeEvent = { _id: 'e'.repeat(24), stream: 'signals', seq: head + 1, type: 'signal.closed', actorId: admin.userId, at: new Date().toISOString(), data: { signalId: signal._id, exitPrice: 2390, pips: 100, outcome: 'tp' } };
    await t.store.signals.insert(closeEvent as never);
    // An opening whose fold was lost too: no document at all.
    const lostId = 'd'.repeat(24);
    const lostOpen = { _id: 'c'.repeat(24), stream: 'signals', seq: head + 2, type: 'signal.opened', actorId: admin.userId, at: new Date().toISOString(), data: { signalId: lostId, side: 'sell', entry: 2400, stopLoss: 2410, takeProfits: [2390], analysis: null, author: { _id: admin.userId, name: 'Admin' } } };
    await t.store.signals.insert(lostOpen as never);
    // Other processes went on: 60 more signals opened and folded after them.
    for (let i = 0; i < 60; i += 1) await openSignal(BUY);
    expect((await t.store.signals.findSignal(signal._id))!.status).toBe('open');
    expect(await t.store.signals.findSignal(lostId)).toBeNull();
    expect(await catchUpSignalProjection(t.store)).toEqual({ signals: 2 });
    expect(await t.store.signals.findSignal(signal._id)).toMatchObject({ status: 'closed', pips: 100, seq: head + 1 });
    expect(await t.store.signals.findSignal(lostId)).toMatchObject({ status: 'open', side: 'sell', seq: head + 2 });
    // The next start looks only at what came after.
    expect(await catchUpSignalProjection(t.store)).toEqual({ signals: 0 });
    expect(await t.store.signals.checkedThrough()).toBe(await t.store.signals.readHead());
  });

  it('saves the signal as all its events leave it, so a write repairs a fold another process lost', async () => {
    const signal = await openSignal(BUY);
    const head = await t.store.signals.readHead();
    // Another process appended a stop move and died before folding it.
    const moved = { _id: 'b'.repeat(24), stream: 'signals', seq: head + 1, type: 'signal.updated', actorId: admin.userId, at: new Date().toISOString(), data: { signalId: signal._id, stopLoss: 2375 } };
    await t.store.signals.insert(moved as never);
    const edited = await send('PATCH', `/api/signals/${signal._id}`, admin.token, { analysis: 'Holding above the range' });
    expect(edited.json<{ signal: Signal }>().signal).toMatchObject({ stopLoss: 2375, analysis: 'Holding above the range' });
    expect(await t.store.signals.findSignal(signal._id)).toMatchObject({ stopLoss: 2375, seq: head + 2 });
  });
});
