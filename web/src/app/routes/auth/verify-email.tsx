import { VerifyEmailForm } from '@/features/auth/components/verify-email-form';

export function VerifyEmailRoute() {
  return <VerifyEmailForm />;
}
