import { VerifyEmailForm } from '@/features/auth/components/verify-email-form';

export default function VerifyEmailRoute() {
  return <VerifyEmailForm />;
}
