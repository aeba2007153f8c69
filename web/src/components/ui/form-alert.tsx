import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A message above or below a form: a server error, a notice, a success. */
export function FormAlert({ status, title, children }: { status: 'error' | 'success' | 'info' | 'warning'; title: ReactNode; children?: ReactNode }) {
  return (
    <Alert.Root status={status} borderRadius="lg" variant="subtle" role={status === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {children ? <Alert.Description>{children}</Alert.Description> : null}
      </Alert.Content>
    </Alert.Root>
  );
}
