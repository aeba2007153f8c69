/**
 * A browser's User-Agent header as people name their devices ("Chrome on Windows", "Safari on
 * iPhone"), for the signed-in devices list. Order matters: Edge, Opera and Samsung Internet also
 * say "Chrome", Chrome also says "Safari", Android also says "Linux".
 */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\b(?:Edg|EdgA|EdgiOS|Edge)\//, 'Edge'],
  [/\b(?:OPR|OPiOS|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\bChromium\//, 'Chromium'],
  [/\b(?:CriOS|HeadlessChrome|Chrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\biPod\b/, 'iPod'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b|\bMac OS X\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (ua: string, table: readonly (readonly [RegExp, string])[]): string | null =>
  table.find(([pattern]) => pattern.test(ua))?.[1] ?? null;

export const UNKNOWN_DEVICE = 'Unknown device';

/** "Chrome on Windows", "Safari on iPhone", "Firefox", "Unknown browser on Android"; "Unknown device" when neither is known. */
export const describeUserAgent = (ua: string | null | undefined): string => {
  const text = ua?.trim() ?? '';
  if (text === '') return UNKNOWN_DEVICE;
  const browser = first(text, BROWSERS);
  const system = first(text, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `Unknown browser on ${system}`;
  return UNKNOWN_DEVICE;
};

export type DeviceKind = 'phone' | 'tablet' | 'computer' | 'unknown';

/** Which icon fits: a phone, a tablet, a computer. */
export const deviceKind = (ua: string | null | undefined): DeviceKind => {
  const text = ua ?? '';
  if (/\b(?:iPhone|iPod)\b/.test(text) || (/\bAndroid\b/.test(text) && /\bMobile\b/.test(text))) return 'phone';
  if (/\b(?:iPad|Android)\b/.test(text)) return 'tablet';
  if (/\b(?:Windows|Macintosh|CrOS|Linux|X11)\b/.test(text)) return 'computer';
  return 'unknown';
};
