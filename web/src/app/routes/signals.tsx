import { SignalsPage } from '@/features/signals/components/signals-page';

export function SignalsRoute() {
  return <SignalsPage />;
}
