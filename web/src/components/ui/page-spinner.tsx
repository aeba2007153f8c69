import { Center, Spinner } from '@chakra-ui/react';

export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center minH="50vh" role="status" aria-label={label}>
      <Spinner size="lg" color="gold.solid" borderWidth="3px" />
    </Center>
  );
}
