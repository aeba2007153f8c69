// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

import { byTestId, click, render, waitFor } from '@/lib/test-render';
import { StatTip } from './stat-tip';

const label = () => document.querySelector<HTMLButtonElement>('button[aria-haspopup="dialog"]');

/** A first opening: the popover's chunk loads, then it shows (inside act, as the browser would run it). */
const firstOpen = async (button: HTMLButtonElement | null, open: () => void = () => button?.click()) => {
  await act(async () => {
    open();
    await import('./stat-tip-popover');
  });
};

const pointer = (target: Element, type: string, pointerType: string) => act(() => void target.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerType })));

describe('a stat tip', () => {
  let view: ReturnType<typeof render> | null = null;
  afterEach(() => {
    view?.unmount();
    view = null;
  });

  it('opens on a tap with its explanation, named by its label; closes on a second tap and on Escape, the focus left on the label', async () => {
    view = render(<StatTip label="Max drawdown" tip="The largest fall from a peak." />);
    const button = label();
    expect(button?.textContent).toBe('Max drawdowni: what it means');
    expect(button?.getAttribute('aria-expanded')).toBe('false');
    // Drawn without its popover: that comes with the first opening.
    expect(byTestId('stat-tip')).toBeNull();

    await firstOpen(button);
    await waitFor(() => expect(byTestId('stat-tip')?.textContent).toBe('The largest fall from a peak.'));
    expect(button?.getAttribute('aria-expanded')).toBe('true');
    expect(button?.getAttribute('aria-controls')).toBe(byTestId('stat-tip')?.id);

    click(button);
    await waitFor(() => expect(button?.getAttribute('aria-expanded')).toBe('false'));
    await waitFor(() => expect(byTestId('stat-tip')?.hidden ?? true).toBe(true));

    click(button);
    await waitFor(() => expect(button?.getAttribute('aria-expanded')).toBe('true'));
    button?.focus();
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    await waitFor(() => expect(button?.getAttribute('aria-expanded')).toBe('false'));
    expect(document.activeElement).toBe(button);
  });

  it('a tap outside closes it', async () => {
    view = render(
      <>
        <StatTip label="Win rate" tip="Wins among closed signals." />
        <p data-testid="outside">elsewhere</p>
      </>,
    );
    const button = label();
    await firstOpen(button);
    await waitFor(() => expect(byTestId('stat-tip')?.textContent).toBe('Wins among closed signals.'));
    const outside = byTestId('outside')!;
    act(() => {
      outside.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'touch' }));
      outside.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    await waitFor(() => expect(button?.getAttribute('aria-expanded')).toBe('false'));
  });

  it('with a mouse it follows the pointer: opens on hover, stays open for a click on its label, closes when the pointer leaves', async () => {
    view = render(<StatTip label="Profit factor" tip="Pips won divided by pips lost." />);
    const button = label()!;
    await firstOpen(button, () => button.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' })));
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('true'));
    pointer(button, 'pointerdown', 'mouse');
    click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    pointer(button, 'pointerout', 'mouse');
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'));
    // A tap (no hover) toggles.
    pointer(button, 'pointerdown', 'touch');
    click(button);
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('true'));
  });

  it('the popover knows its label by id: a tap on the open label closes it (not closed as "outside" and opened again), and Escape gives the label the focus back', async () => {
    view = render(<StatTip label="Average hold" tip="How long a signal stayed open." />);
    const button = label()!;
    await firstOpen(button);
    await waitFor(() => expect(byTestId('stat-tip')?.textContent).toBe('How long a signal stayed open.'));
    pointer(button, 'pointerdown', 'touch');
    click(button);
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(button.getAttribute('aria-expanded')).toBe('false');

    click(button);
    await waitFor(() => expect(byTestId('stat-tip')?.hidden ?? true).toBe(false));
    (document.activeElement as HTMLElement | null)?.blur();
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'));
    await waitFor(() => expect(document.activeElement).toBe(button));
  });
});
