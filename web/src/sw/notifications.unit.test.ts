import { describe, expect, it } from 'vitest';
import { parsePushPayload, targetUrl } from './notifications';

describe('the service worker\'s notifications', () => {
  it('reads the payload, and still shows something for a malformed one', () => {
    expect(parsePushPayload('{"title":"T","body":"B","url":"/signals?signal=1","tag":"signal-1"}')).toEqual({ title: 'T', body: 'B', url: '/signals?signal=1', tag: 'signal-1' });
    expect(parsePushPayload('not json').title).toBe('Lukis Emas');
    expect(parsePushPayload('{"title":3}').title).toBe('Lukis Emas');
    expect(parsePushPayload(null).url).toBe('/');
  });

  it('opens our own origin only', () => {
    expect(targetUrl('/signals?signal=1', 'https://emas.test')).toBe('https://emas.test/signals?signal=1');
    expect(targetUrl('https://evil.test/x', 'https://emas.test')).toBe('https://emas.test/');
    expect(targetUrl('//evil.test/x', 'https://emas.test')).toBe('https://emas.test/');
    expect(targetUrl(undefined, 'https://emas.test')).toBe('https://emas.test/');
  });
});
