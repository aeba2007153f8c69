/**
 * Numbers written with a fixed count of decimals and their thousands grouped, to the character as
 * `Intl.NumberFormat` writes them for en-US ("2,384.20") and id-ID ("150.000"), without Intl: a page's
 * first NumberFormat loads its locale's data, a long task on a phone while the page starts, and the
 * home feed, /signals and the plans write prices as the page is drawn (numbers.unit.test.ts compares
 * the two on thousands of values).
 */

/** The digits of a finite, non-negative number's shortest decimal form, split at the point ("1e21" and "1e-7" written out). */
const plainDigits = (value: number): [whole: string, fraction: string] => {
  const [mantissa = '0', exponentText] = String(value).split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  if (exponent === 0) return [whole, fraction];
  const digits = whole + fraction;
  const point = whole.length + exponent;
  if (point <= 0) return ['0', '0'.repeat(-point) + digits];
  if (point >= digits.length) return [digits + '0'.repeat(point - digits.length), ''];
  return [digits.slice(0, point), digits.slice(point)];
};

/** Adds one to a string of decimal digits ("199" → "200", "99" → "100"). */
const increment = (digits: string): string => {
  const chars = digits.split('');
  for (let index = chars.length - 1; index >= 0; index -= 1) {
    if (chars[index] !== '9') {
      chars[index] = String(Number(chars[index]) + 1);
      return chars.join('');
    }
    chars[index] = '0';
  }
  return `1${chars.join('')}`;
};

const GROUPS = /\B(?=(\d{3})+(?!\d))/g;

export interface FixedStyle {
  /** Between thousands: "," in en-US, "." in id-ID. */
  group: string;
  /** Before the decimals: "." in en-US, "," in id-ID. */
  point: string;
}

export const EN_US: FixedStyle = { group: ',', point: '.' };
export const ID_ID: FixedStyle = { group: '.', point: ',' };

/**
 * `value` with exactly `decimals` decimals (half away from zero, on its shortest decimal form, as Intl
 * rounds), its thousands grouped; a negative value keeps its "-" even when it rounds to zero ("-0.00").
 */
export const formatFixed = (value: number, decimals: number, style: FixedStyle = EN_US): string => {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? '∞' : '-∞';
  const negative = value < 0 || Object.is(value, -0);
  const [whole, fraction] = plainDigits(Math.abs(value));
  let kept = whole + fraction.slice(0, decimals).padEnd(decimals, '0');
  if ((fraction[decimals] ?? '0') >= '5') kept = increment(kept);
  const wholeDigits = kept.slice(0, kept.length - decimals).replace(/^0+(?=\d)/, '') || '0';
  const decimalDigits = kept.slice(kept.length - decimals);
  const grouped = wholeDigits.replace(GROUPS, style.group);
  return `${negative ? '-' : ''}${grouped}${decimals > 0 ? `${style.point}${decimalDigits}` : ''}`;
};
