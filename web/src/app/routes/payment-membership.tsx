import { PaymentMembership } from '@/features/membership/components/payment-membership';

export default function PaymentMembershipRoute() {
  return <PaymentMembership />;
}
