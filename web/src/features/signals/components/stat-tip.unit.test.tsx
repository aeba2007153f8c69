// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

import { byTestId, click, render, waitFor } from '@/lib/test-render';
import { StatTip } from './stat-tip';

const label = () => document.querySelector<HTMLButtonElement>('button[aria-haspopup="dialog"]');

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

    click(button);
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
    click(button);
    await waitFor(() => expect(byTestId('stat-tip')?.textContent).toBe('Wins among closed signals.'));
    const outside = byTestId('outside')!;
    act(() => {
      outside.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'touch' }));
      outside.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    await waitFor(() => expect(button?.getAttribute('aria-expanded')).toBe('false'));
  });
});
