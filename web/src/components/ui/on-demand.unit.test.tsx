// @vitest-environment jsdom
import { act, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { render, waitFor } from '@/lib/test-render';
import { OnDemand, onDemand } from './on-demand';
import { toaster } from './toaster';

const Hello = ({ name }: { name: string }) => <p data-testid="part">Hello {name}</p>;

describe('parts loaded on demand', () => {
  it('fetches the file once, however often preloaded, and draws what it loaded', async () => {
    const load = vi.fn(async () => Hello);
    const { Part, preload } = onDemand(load);
    await Promise.all([preload(), preload()]);
    const view = render(
      <OnDemand>
        <Part name="reader" />
      </OnDemand>,
    );
    await waitFor(() => expect(document.querySelector('[data-testid="part"]')?.textContent).toBe('Hello reader'));
    expect(load).toHaveBeenCalledTimes(1);
    view.unmount();
  });

  it('draws a part whose file has arrived in the render that asks for it; one asked for before stays mounted when it arrives', async () => {
    const ready = onDemand(async () => Hello);
    await ready.preload();
    const view = render(
      <OnDemand>
        <ready.Part name="at once" />
      </OnDemand>,
    );
    // no waiting: drawn by the same render (act has flushed it)
    expect(document.querySelector('[data-testid="part"]')?.textContent).toBe('Hello at once');
    view.unmount();

    let arrive: (part: typeof Counter) => void = () => undefined;
    const mounts = vi.fn();
    function Counter() {
      const [count, setCount] = useState(() => {
        mounts();
        return 0;
      });
      return (
        <button type="button" data-testid="counter" onClick={() => setCount(count + 1)}>
          {count}
        </button>
      );
    }
    const late = onDemand(() => new Promise<typeof Counter>((resolve) => (arrive = resolve)));
    let redraw: () => void = () => undefined;
    function Host() {
      const [, setTick] = useState(0);
      redraw = () => setTick((tick) => tick + 1);
      return (
        <OnDemand>
          <late.Part />
        </OnDemand>
      );
    }
    const host = render(<Host />);
    expect(document.querySelector('[data-testid="counter"]')).toBeNull();
    await act(async () => arrive(Counter));
    await waitFor(() => expect(document.querySelector('[data-testid="counter"]')?.textContent).toBe('0'));
    act(() => document.querySelector<HTMLButtonElement>('[data-testid="counter"]')!.click());
    act(() => redraw());
    expect(document.querySelector('[data-testid="counter"]')?.textContent).toBe('1');
    expect(mounts).toHaveBeenCalledTimes(1);
    host.unmount();
  });

  it('tries a load that failed again, and tells what opened a part that cannot load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Hello);
    const { preload } = onDemand(load);
    await expect(preload()).rejects.toThrow('offline');
    await expect(preload()).resolves.toBe(Hello);
    expect(load).toHaveBeenCalledTimes(2);

    const broken = onDemand<{ name: string }>(() => Promise.reject(new Error('gone')));
    const onFailed = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const told = vi.spyOn(toaster, 'create');
    try {
      const view = render(
        <OnDemand onFailed={onFailed}>
          <broken.Part name="reader" />
        </OnDemand>,
      );
      await waitFor(() => expect(onFailed).toHaveBeenCalledTimes(1));
      expect(document.querySelector('[data-testid="part"]')).toBeNull();
      await waitFor(() => expect(told).toHaveBeenCalledWith(expect.objectContaining({ title: 'This could not be opened.' })));
      view.unmount();

      // a part mounted after a failure loads its file again (React's lazy would keep the failure)
      const flaky = onDemand<{ name: string }>(vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Hello));
      const first = render(
        <OnDemand>
          <flaky.Part name="first" />
        </OnDemand>,
      );
      await waitFor(() => expect(told).toHaveBeenCalledTimes(2));
      first.unmount();
      const again = render(
        <OnDemand>
          <flaky.Part name="again" />
        </OnDemand>,
      );
      await waitFor(() => expect(document.querySelector('[data-testid="part"]')?.textContent).toBe('Hello again'));
      again.unmount();

      // a part nobody asked for (an invitation) is left out without a word
      told.mockClear();
      const quietFailed = vi.fn();
      const quiet = render(
        <OnDemand quiet onFailed={quietFailed}>
          <broken.Part name="reader" />
        </OnDemand>,
      );
      await waitFor(() => expect(quietFailed).toHaveBeenCalledTimes(1));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(told).not.toHaveBeenCalled();
      quiet.unmount();
    } finally {
      told.mockRestore();
      warn.mockRestore();
      error.mockRestore();
    }
  });
});
