import { describe, expect, it } from 'vitest';

import { describeUserAgent, deviceKind } from './user-agent';

const UA = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  chromeIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  edgeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68',
  operaMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 OPR/111.0.0.0',
  samsungAndroid: 'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  chromeAndroidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  safariIpad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  headless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
  chromeOs: 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};

describe('describeUserAgent', () => {
  it('names the browser and the system as people say them', () => {
    expect(describeUserAgent(UA.chromeWindows)).toBe('Chrome on Windows');
    expect(describeUserAgent(UA.safariIphone)).toBe('Safari on iPhone');
    expect(describeUserAgent(UA.safariMac)).toBe('Safari on macOS');
    expect(describeUserAgent(UA.safariIpad)).toBe('Safari on iPad');
    expect(describeUserAgent(UA.firefoxLinux)).toBe('Firefox on Linux');
    expect(describeUserAgent(UA.chromeAndroid)).toBe('Chrome on Android');
    expect(describeUserAgent(UA.chromeOs)).toBe('Chrome on ChromeOS');
  });

  it('sees through the browsers that also call themselves Chrome or Safari', () => {
    expect(describeUserAgent(UA.chromeIphone)).toBe('Chrome on iPhone');
    expect(describeUserAgent(UA.edgeWindows)).toBe('Edge on Windows');
    expect(describeUserAgent(UA.operaMac)).toBe('Opera on macOS');
    expect(describeUserAgent(UA.samsungAndroid)).toBe('Samsung Internet on Android');
    expect(describeUserAgent(UA.headless)).toBe('Chrome on Linux');
  });

  it('says what it knows, and "Unknown device" when it knows nothing', () => {
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0) SomeApp/1.0')).toBe('Unknown browser on Windows');
    expect(describeUserAgent('Firefox/127.0')).toBe('Firefox');
    expect(describeUserAgent('node')).toBe('Unknown device');
    expect(describeUserAgent('curl/8.5.0')).toBe('Unknown device');
    expect(describeUserAgent('')).toBe('Unknown device');
    expect(describeUserAgent('   ')).toBe('Unknown device');
    expect(describeUserAgent(null)).toBe('Unknown device');
  });
});

describe('deviceKind', () => {
  it('tells phones, tablets and computers apart', () => {
    expect(deviceKind(UA.safariIphone)).toBe('phone');
    expect(deviceKind(UA.chromeAndroid)).toBe('phone');
    expect(deviceKind(UA.chromeAndroidTablet)).toBe('tablet');
    expect(deviceKind(UA.safariIpad)).toBe('tablet');
    expect(deviceKind(UA.chromeWindows)).toBe('computer');
    expect(deviceKind(UA.firefoxLinux)).toBe('computer');
    expect(deviceKind('node')).toBe('unknown');
  });
});
