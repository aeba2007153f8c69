// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

import { buttonNamed, byTestId, click, render, typeInto, waitFor } from '@/features/signals/components/test-render';
import { OpenSignalForm } from './open-signal-form';

const box = (id: string) => document.getElementById(`t-${id}`);
const submit = () => document.querySelector<HTMLButtonElement>('button[type="submit"]')!;

describe('OpenSignalForm', () => {
  let view: ReturnType<typeof render>;
  afterEach(() => {
    view.unmount();
    vi.unstubAllGlobals();
  });

  it('shows risk, reward to TP1 and R:R as the levels are typed, and lets a valid buy be sent', () => {
    view = render(<OpenSignalForm idPrefix="t" />);
    expect(submit().disabled).toBe(true);
    expect(byTestId('levels-preview')?.dataset.state).toBe('incomplete');

    typeInto(box('entry'), '2350');
    typeInto(box('stop'), '2340');
    typeInto(box('tp1'), '2372.5');

    expect(byTestId('preview-risk')?.textContent).toBe('100.0 pips');
    expect(byTestId('preview-reward')?.textContent).toBe('225.0 pips');
    expect(byTestId('preview-ratio')?.textContent).toBe('1:2.25');
    expect(byTestId('levels-problem')).toBeNull();
    expect(submit().disabled).toBe(false);
  });

  it('names the problem of levels that make no sense and keeps the form from being sent', () => {
    view = render(<OpenSignalForm idPrefix="t" />);
    typeInto(box('entry'), '2350');
    typeInto(box('stop'), '2360');
    typeInto(box('tp1'), '2370');

    expect(byTestId('levels-problem')?.textContent).toBe('A buy needs its stop-loss below the entry.');
    expect(byTestId('preview-risk')).toBeNull();
    expect(submit().disabled).toBe(true);

    // The same levels are a sell's mirror only once the targets go below the entry.
    click(byTestId('side-sell'));
    expect(byTestId('levels-problem')?.textContent).toBe('A sell needs every take-profit below the entry.');
    typeInto(box('tp1'), '2330');
    expect(byTestId('preview-risk')?.textContent).toBe('100.0 pips');
    expect(byTestId('preview-reward')?.textContent).toBe('200.0 pips');
    expect(submit().disabled).toBe(false);

    click(buttonNamed('+ Add take-profit'));
    typeInto(box('tp2'), '2335');
    expect(byTestId('levels-problem')?.textContent).toBe('Take-profits of a sell go down: TP1 > TP2 > TP3.');
    expect(submit().disabled).toBe(true);

    typeInto(box('tp2'), '2320.123');
    expect(byTestId('levels-problem')?.textContent).toMatch(/^Every take-profit must be a price/);
  });

  it('sends the levels and the analysis, then starts again empty; a refusal shows the server’s message', async () => {
    const fetch = vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      return new Response(JSON.stringify({ signal: { _id: 'new', ...body } }), { status: 201 });
    });
    vi.stubGlobal('fetch', fetch);
    view = render(<OpenSignalForm idPrefix="t" />);
    typeInto(box('entry'), '2350,5');
    typeInto(box('stop'), '2340');
    typeInto(box('tp1'), '2370');
    typeInto(box('analysis'), '  Breakout above the range.  ');
    click(submit());
    await waitFor(() => expect((box('entry') as HTMLInputElement).value).toBe(''));

    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toMatch(/\/signals$/);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ side: 'buy', entry: 2350.5, stopLoss: 2340, takeProfits: [2370], analysis: 'Breakout above the range.' });
    expect((box('analysis') as HTMLTextAreaElement).value).toBe('');

    fetch.mockImplementation(async () => new Response(JSON.stringify({ message: 'Too many signals at once.', code: 'RATE_LIMITED' }), { status: 429 }));
    typeInto(box('entry'), '2350');
    typeInto(box('stop'), '2340');
    typeInto(box('tp1'), '2370');
    click(submit());
    await waitFor(() => expect(document.querySelector('[role="alert"]')?.textContent).toContain('Too many signals at once.'));
    expect((box('entry') as HTMLInputElement).value).toBe('2350');
  });
});
