import type { HistoryListResponse } from '@le/contracts';
import { describe, expect, it } from 'vitest';

import { testMessage } from '@/features/chat/stores/test-messages';
import { signalAt } from '@/features/signals/stores/test-signals';
import { GUEST_PAGES, PRELOADS_ID, SERVER_READS, SESSION_PROBE, WHOLE_WHEN_READ, render } from './entry-server';
import { SESSION_ATTRIBUTE } from './first-paint';

/**
 * The server's drawing of the public pages (app/entry-server.tsx, run by the API): what it writes is
 * what the browser's first render gives, so that the app takes it over; here in Node, as the API runs it.
 */
const url = (address: string) => `http://localhost${address}`;

const history: HistoryListResponse = {
  history: [
    {
      _id: 'a1',
      image: '/api/files/f1',
      images: [
        { url: '/api/files/f1?w=400', width: 400 },
        { url: '/api/files/f1', width: 1280 },
      ],
      title: 'London open: <b>a clean buy</b>',
      description: 'Target reached by noon.',
      createdAt: '2026-11-24T01:05:00.000Z',
    },
  ],
  nextCursor: null,
};

describe('render', () => {
  it('draws /faq-chat with its heading, its styles for the head (the layers’ order first) and its title apart', async () => {
    const page = await render(url('/faq-chat'));
    expect(page).not.toBeNull();
    const { html, head, styles } = page!;
    expect(html).toMatch(/<h1[^>]*>FAQ &amp; Live Chat<\/h1>/);
    expect(html).not.toContain('<style');
    expect(html).not.toContain('<title');
    expect(head).toBe('<title>FAQ &amp; Live Chat — Lukis Emas</title>');
    // Chakra's cascade layers are ordered by their first mention: the order comes before any rule.
    expect(styles.startsWith('<style data-emotion="css-global ')).toBe(true);
    expect(styles.indexOf('@layer reset,base,tokens,recipes;')).toBeLessThan(styles.indexOf('@layer recipes{'));
    // Every class the markup uses is in the one class <style>, by the name the browser's cache reads.
    const named = /<style data-emotion="css ([^"]*)">/.exec(styles)?.[1]?.split(' ') ?? [];
    const used = [...new Set([...html.matchAll(/\bcss-([a-z0-9]+)\b/g)].map((match) => match[1]!))];
    expect(used.length).toBeGreaterThan(10);
    for (const name of used) expect(named, name).toContain(name);
  });

  it('draws the history it is given, times in UTC (the server knows no reader’s zone), text escaped', async () => {
    const { html } = (await render(url('/history'), { '/api/history': history }))!;
    expect(html).toContain('London open: &lt;b&gt;a clean buy&lt;/b&gt;');
    expect(html).toContain('24/11/2026 01:05 UTC');
    // React writes the attribute as it is named in JSX; HTML reads attribute names in any case.
    expect(html).toMatch(/<img [^>]*srcSet="\/api\/files\/f1\?w=400 400w, \/api\/files\/f1 1280w"[^>]*fetchPriority="high"/);
  });

  it('without reads, the history is drawn waiting for them, as the browser would start', async () => {
    const { html } = (await render(url('/history')))!;
    expect(html).not.toContain('London open');
    expect(html).toMatch(/<h1[^>]*>History<\/h1>/);
  });

  it('draws the home page’s feed from its read, times in UTC; without it, the feed waits for the app', async () => {
    const [read] = SERVER_READS['/']!;
    const feed = { signals: [signalAt('s1', 1, { status: 'closed', pips: 55, openedAt: '2026-11-24T01:05:00.000Z' })], nextCursor: null };
    const { html } = (await render(url('/'), { [read!]: feed }))!;
    expect(html).toContain('data-testid="feed-row"');
    expect(html).toContain('01:05 UTC');
    const waiting = (await render(url('/')))!.html;
    expect(waiting).not.toContain('data-testid="feed-row"');
    expect(waiting).toContain('Loading the latest signals');
  });

  it('draws /faq-chat’s room from its read as a guest sees it, days and times in UTC; without it, the room waits for the app', async () => {
    const [read] = SERVER_READS['/faq-chat']!;
    const room = { messages: [testMessage('m1', 1, { content: 'Gold at the highs <again>', createdAt: '2026-11-23T23:30:00.000Z' })], nextCursor: null };
    const { html } = (await render(url('/faq-chat'), { [read!]: room }))!;
    expect(html).toContain('Gold at the highs &lt;again&gt;');
    expect(html).toContain('23/11/2026 UTC');
    expect(html).toContain('23:30 UTC');
    expect(html).not.toContain('Loading messages');
    expect((await render(url('/faq-chat')))!.html).toContain('Loading messages');
  });

  it('a page whole once read lists its reads (app/main.tsx lets it wait for its reader)', () => {
    for (const address of WHOLE_WHEN_READ) {
      expect(GUEST_PAGES, address).toContain(address);
      expect(SERVER_READS[address]?.length, address).toBeGreaterThan(0);
    }
  });

  it('draws every guest page (none a redirect), each with one h1', async () => {
    for (const address of GUEST_PAGES) {
      const page = await render(url(address));
      expect(page, address).not.toBeNull();
      expect(page!.html.match(/<h1[\s>]/g)?.length, address).toBe(1);
    }
    for (const address of Object.keys(SERVER_READS)) expect(GUEST_PAGES, address).toContain(address);
  });
});

describe('SESSION_PROBE', () => {
  const run = (storage: { getItem(key: string): string | null }, preloads: string[] = []) => {
    const attributes = new Map<string, string>();
    const appended: { rel: string; crossOrigin: string | null; href: string }[] = [];
    const document = {
      documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
      getElementById: (id: string) => (id === PRELOADS_ID ? { textContent: JSON.stringify(preloads) } : null),
      createElement: () => ({ rel: '', crossOrigin: null, href: '' }),
      head: { appendChild: (link: (typeof appended)[number]) => appended.push(link) },
    };
    new Function('localStorage', 'document', SESSION_PROBE)(storage, document);
    return { attributes, appended };
  };
  const stored = { getItem: (key: string) => (key === 'token' ? 'jwt' : null) };

  it('for a stored session, marks <html> and asks for the scripts the page names, anonymous as the HTML’s own', () => {
    const { attributes, appended } = run(stored, ['/assets/boot-b.js', '/assets/faq-chat-h.js']);
    expect(attributes.has(SESSION_ATTRIBUTE)).toBe(true);
    expect(appended).toEqual([
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/boot-b.js' },
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/faq-chat-h.js' },
    ]);
  });

  it('for a guest does nothing, and never throws (storage refused)', () => {
    const guest = run({ getItem: () => null }, ['/assets/boot-b.js']);
    expect(guest.attributes.size + guest.appended.length).toBe(0);
    const refused = run(
      {
        getItem: () => {
          throw new Error('SecurityError');
        },
      },
      ['/assets/boot-b.js'],
    );
    expect(refused.attributes.size + refused.appended.length).toBe(0);
  });
});
