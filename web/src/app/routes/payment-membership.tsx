import { ComingSoon } from '../../components/ui/coming-soon';

export function PaymentMembershipRoute() {
  return (
    <ComingSoon
      title="Membership Payment"
      description="Choose Basic, Pro or Expert, monthly or yearly, and upload your proof of payment. Coming soon."
      highlights={['Basic, Pro and Expert plans', 'Monthly or yearly billing', 'Upload your transfer proof']}
    />
  );
}
