/**
 * Where members send their bank transfer. This is configuration, not data: the operator replaces
 * these values with the company's real account before going live (they are shown as they are on
 * /payment-membership).
 */
export const BANK_TRANSFER = {
  bankName: 'Bank Central Asia (BCA)',
  accountNumber: '123 456 7890',
  accountHolder: 'PT Lukis Emas Indonesia',
  /** Asked of the payer so the admin can match the transfer to the proof. */
  note: 'Write your username in the transfer note (berita transfer).',
} as const;
