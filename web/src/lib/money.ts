/** The one way the app writes an amount of money: Rupiah as Indonesians write it. */

import { ID_ID, formatFixed } from './numbers';

/** "Rp 100.000" (the plans on the home page write it as the page is drawn: without Intl, lib/numbers). */
export const formatRupiah = (amount: number): string => `Rp ${formatFixed(amount, 0, ID_ID)}`;

let compactRupiah: Intl.NumberFormat | null = null;

/** An axis's Rupiah amount, short: "50 rb", "1,5 jt" (the chart says the currency). */
export const formatAmountShort = (amount: number): string =>
  (compactRupiah ??= new Intl.NumberFormat('id-ID', { notation: 'compact', maximumFractionDigits: 1 })).format(amount).replace(/\u00a0/g, ' ');
