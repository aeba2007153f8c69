import { PaymentMembership } from '@/features/membership/components/payment-membership';

export function PaymentMembershipRoute() {
  return <PaymentMembership />;
}
