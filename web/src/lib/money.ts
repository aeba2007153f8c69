/** The one way the app writes an amount of money: Rupiah as Indonesians write it. */

const rupiah = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });

/** "Rp 100.000". */
export const formatRupiah = (amount: number): string => `Rp ${rupiah.format(amount)}`;

const compactRupiah = new Intl.NumberFormat('id-ID', { notation: 'compact', maximumFractionDigits: 1 });

/** An axis's Rupiah amount, short: "50 rb", "1,5 jt" (the chart says the currency). */
export const formatAmountShort = (amount: number): string => compactRupiah.format(amount).replace(/\u00a0/g, ' ');
