/** Memberships and payments (spec §3 payment history record; contract §5) and the admin's queue. */
import { Type } from 'typebox';
import { DURATIONS, LIMITS, PAID_TIERS, PAYMENT_STATUSES } from '../constants';
import { User } from './auth';
import { Cursor, NullableString } from './common';

export const Payment = Type.Object({
  _id: Type.String(),
  membershipTier: Type.String(),
  paymentDate: Type.String(),
  expiredDate: NullableString,
  amount: Type.Number(),
  duration: Type.Enum(DURATIONS),
  status: Type.Enum(PAYMENT_STATUSES),
  /** A private file URL: `/api/files/private/<id>` (owner and admins). */
  paymentProof: Type.String(),
  /** Why an admin rejected it (contract §9), shown to the member; null otherwise. */
  rejectionReason: NullableString,
});

export const PaymentResponse = Type.Object({ payment: Payment });
export const PaymentListResponse = Type.Object({ payments: Type.Array(Payment) });

/** The text fields of `POST /payments` (multipart, with the file `paymentProof`). */
export const PaymentFields = Type.Object(
  { membershipTier: Type.Enum(PAID_TIERS), duration: Type.Enum(DURATIONS) },
  { additionalProperties: false },
);

/** A payment as the admin queue sees it: the payer and the expected amount beside the record. */
export const AdminPayment = Type.Object({
  _id: Type.String(),
  userId: Type.String(),
  username: Type.String(),
  email: Type.String(),
  membershipTier: Type.String(),
  duration: Type.Enum(DURATIONS),
  amount: Type.Number(),
  /** The price-table amount for the chosen tier and duration. */
  expectedAmount: Type.Number(),
  status: Type.Enum(PAYMENT_STATUSES),
  paymentDate: Type.String(),
  expiredDate: NullableString,
  paymentProof: Type.String(),
  /** Set when an admin rejected it (`rejectionReason`, contract §9; `reason` kept for older clients). */
  reason: NullableString,
  rejectionReason: NullableString,
  reviewedBy: NullableString,
  reviewedAt: NullableString,
});

/** `GET /admin/payments`. */
export const AdminPaymentsQuery = Type.Object({
  status: Type.Optional(Type.Enum(PAYMENT_STATUSES)),
  /** One member's payments (the inbox's side panel, contract §9). */
  userId: Type.Optional(Type.String({ pattern: '^[0-9a-f]{24}$' })),
  before: Type.Optional(Type.String({ maxLength: 64 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 100 })),
});

export const AdminPaymentListResponse = Type.Object({ payments: Type.Array(AdminPayment), nextCursor: Cursor });

export const ApprovePaymentBody = Type.Object(
  // A custom amount in whole Rupiah (spec §4: an amount differing from the price is "custom").
  { amount: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.customAmountMax })) },
  { additionalProperties: false },
);
/** The payment and its payer as the approval left them. */
export const ApprovePaymentResponse = Type.Object({ payment: AdminPayment, user: User });

export const RejectPaymentBody = Type.Object(
  { reason: Type.Optional(Type.String({ maxLength: 500 })) },
  { additionalProperties: false },
);
export const AdminPaymentResponse = Type.Object({ payment: AdminPayment });

/** `membership:changed` (contract §9): the user's rights as they are now, so their screens follow without a reload. */
export const MembershipChangedPayload = Type.Object({
  role: Type.String(),
  membershipTier: Type.String(),
  membershipEnd: NullableString,
  graceEndsAt: NullableString,
  /** May post in the global room (an active membership, its grace included, or an admin). */
  canPost: Type.Boolean(),
});

/**
 * `payment:decided`: an admin approved or rejected one of the user's payments, to that user's
 * sockets, so a rejection (with its reason) shows at once as an approval does. The contract names
 * no payment event; this one carries the payment as `GET /auth/payment-history` shows it.
 */
export const PaymentDecidedPayload = Type.Object({ payment: Payment });
