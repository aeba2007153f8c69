import { describe, expect, it } from 'vitest';
import { reminderFor, reminderMail } from './lifecycle';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = new Date('2026-11-23T05:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);

describe('reminderFor: the most urgent reminder that applies (contract §9)', () => {
  it.each([
    [8 * DAY, null],
    [7 * DAY, 'ends-in-7-days'],
    [2 * DAY, 'ends-in-7-days'],
    [DAY + 1, 'ends-in-7-days'],
    [DAY, 'ends-tomorrow'],
    [20 * HOUR, 'ends-tomorrow'],
    [1, 'ends-tomorrow'],
    [0, 'ended'],
    [-6 * DAY, 'ended'],
    [-7 * DAY, null],
  ] as const)('an end %d ms away → %s', (left, kind) => {
    expect(reminderFor(at(left), now)).toBe(kind);
  });
});

describe('reminderMail', () => {
  const user = { email: 'sari@example.com', name: 'Sari <b>', membershipTier: 'pro', membershipEnd: at(20 * HOUR), graceEndsAt: null };

  it('has the contract subject, both languages, the end in WIB and the renew link in text and HTML', () => {
    const mail = reminderMail(user, 'ends-tomorrow', 'https://emas.example/payment-membership');
    expect(mail.to).toBe('sari@example.com');
    expect(mail.subject).toBe('Lukis Emas: your membership ends tomorrow');
    expect(mail.text).toContain('Your Pro membership ends tomorrow, 24 November 2026');
    expect(mail.text).toContain('24 November 2026 08:00 WIB');
    expect(mail.text).toContain('Membership Pro Anda berakhir besok');
    expect(mail.text).toContain('Renew your membership: https://emas.example/payment-membership');
    expect(mail.html).toContain('href="https://emas.example/payment-membership"');
    expect(mail.html).toContain('Hi Sari &lt;b&gt;,');
    expect(mail.html).not.toContain('<b>,');
  });

  it('says until when the grace keeps access once the membership has ended', () => {
    const ended = { ...user, membershipEnd: at(-HOUR), graceEndsAt: at(3 * DAY - HOUR) };
    const mail = reminderMail(ended, 'ended', 'https://emas.example/payment-membership');
    expect(mail.subject).toBe('Lukis Emas: your membership has ended');
    expect(mail.text).toContain('Pay by 26 November 2026');
    expect(reminderMail(user, 'ends-in-7-days', 'x').subject).toBe('Lukis Emas: your membership ends in 7 days');
  });
});
