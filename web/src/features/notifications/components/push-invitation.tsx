import { Button, CloseButton, Flex, Stack, Text } from '@chakra-ui/react';
import { canUseMemberFeatures } from '@le/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { useMe } from '@/hooks/use-me';
import { errorMessage } from '@/lib/api-client';
import { storage } from '@/lib/storage';
import { useSessionStore } from '@/stores/session-store';
import { notificationKeys } from '@/features/notifications/api/keys';
import { useDevices } from '@/features/notifications/api/push';
import { notificationPermission, pushSupport, PushSetupError, turnOnPush } from '@/features/notifications/utils/device';

/** Set once the invitation was answered (turned on or dismissed): it is never shown again on this browser. */
export const INVITATION_KEY = 'le.pushInvitation';

/**
 * A first-time invitation on /live and /signals: members (and admins) who have not turned
 * notifications on, on a browser that can, and never asked (the permission still "default").
 * Dismissed or accepted, it does not come back.
 */
export function PushInvitation() {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  const me = useMe();
  const [answered, setAnswered] = useState(() => storage.get(INVITATION_KEY) !== null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const eligible = !answered && token !== null && me.data !== undefined && canUseMemberFeatures(me.data) && pushSupport() === 'supported' && notificationPermission() === 'default';
  const devices = useDevices(eligible);
  if (!eligible || !devices.data || devices.data.some((device) => device.current)) return null;

  const answer = (value: 'dismissed' | 'accepted') => {
    storage.set(INVITATION_KEY, value);
    setAnswered(true);
  };
  const turnOn = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await turnOnPush();
      answer('accepted');
      void queryClient.invalidateQueries({ queryKey: notificationKeys.devices() });
    } catch (error) {
      setFailure(error instanceof PushSetupError ? error.message : errorMessage(error, 'Notifications could not be turned on. Try again from Settings.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex
      role="region"
      aria-label="Turn on notifications"
      data-testid="push-invitation"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="gold.muted"
      borderRadius="xl"
      p={{ base: '4', md: '5' }}
      gap="4"
      align={{ base: 'stretch', md: 'center' }}
      direction={{ base: 'column', md: 'row' }}
      position="relative"
    >
      <Stack gap="1" flex="1" pe={{ base: '10', md: '0' }}>
        <Text fontWeight="semibold">Get signals on your lock screen</Text>
        <Text color="fg.muted" fontSize="sm">
          A new signal, a moved stop or a close reaches this device at once, even with Lukis Emas closed. You choose which in Settings.
        </Text>
        {failure ? (
          <Text color="fg.error" fontSize="sm" role="alert">
            {failure}
          </Text>
        ) : null}
      </Stack>
      <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
        <Button colorPalette="gold" loading={busy} onClick={() => void turnOn()}>
          Turn on notifications
        </Button>
        <Button variant="ghost" onClick={() => answer('dismissed')}>
          Not now
        </Button>
      </Flex>
      <CloseButton position="absolute" top="2" insetEnd="2" size="sm" aria-label="Dismiss" display={{ base: 'inline-flex', md: 'none' }} onClick={() => answer('dismissed')} />
    </Flex>
  );
}
