import { Button } from '@chakra-ui/react';

/** "Resend Code", disabled with the seconds left while the cooldown runs. */
export function ResendCodeButton({ secondsLeft, loading, onClick }: { secondsLeft: number; loading: boolean; onClick: () => void }) {
  return (
    <Button
      type="button"
      variant="outline"
      size="lg"
      borderColor="border"
      onClick={onClick}
      disabled={secondsLeft > 0}
      loading={loading}
    >
      {secondsLeft > 0 ? `Resend Code (${secondsLeft}s)` : 'Resend Code'}
    </Button>
  );
}
