import { Box, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';

import { useRealtimeStore } from '@/lib/realtime-client';

const RESTORED_MS = 3_000;

/**
 * Tells the user when the live connection is lost (with the spec §8 realtime message) and when it is
 * back. While it is down the screens poll, so the chat keeps working, only slower.
 */
export function ConnectionBanner() {
  const status = useRealtimeStore((state) => state.status);
  const reason = useRealtimeStore((state) => state.reason);
  const lost = useRef(false);
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    if (status === 'disconnected') {
      lost.current = true;
      setRestored(false);
      return;
    }
    if (status === 'connected' && lost.current) {
      lost.current = false;
      setRestored(true);
      const timer = window.setTimeout(() => setRestored(false), RESTORED_MS);
      return () => window.clearTimeout(timer);
    }
  }, [status]);

  if (status === 'disconnected') {
    return (
      <Box role="status" data-testid="connection-banner" data-state="lost" px="3" py="1.5" bg="bg.warning" borderBottomWidth="1px" borderColor="border.warning">
        <Text fontSize="xs" color="fg.warning">
          Live connection lost ({reason ?? 'socket has been disconnected'}). Reconnecting… messages refresh every few seconds meanwhile.
        </Text>
      </Box>
    );
  }
  if (restored) {
    return (
      <Box role="status" data-testid="connection-banner" data-state="restored" px="3" py="1.5" bg="green.900/60" borderBottomWidth="1px" borderColor="green.700">
        <Text fontSize="xs" color="green.100">
          Live connection restored.
        </Text>
      </Box>
    );
  }
  return null;
}
