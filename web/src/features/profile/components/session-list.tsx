import { Badge, Box, Button, Center, Flex, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { SessionInfo } from '@le/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { FormAlert } from '@/components/ui/form-alert';
import { errorMessage } from '@/lib/api-client';
import { useEndSession } from '@/features/profile/api/end-session';
import { useSessions } from '@/features/profile/api/get-sessions';
import { profileKeys } from '@/features/profile/api/keys';
import { useRevokeOtherSessions } from '@/features/profile/api/revoke-other-sessions';
import { formatAgo, formatDateTime } from '@/lib/dates';
import { describeUserAgent, deviceKind } from '@/features/profile/utils/user-agent';
import { DeviceIcon } from './device-icon';

type Notice = { status: 'success' | 'error'; text: string } | null;

const otherDevices = (count: number): string => (count === 1 ? '1 other device' : `${count} other devices`);

function SessionRow({ session, onNotice }: { session: SessionInfo; onNotice: (notice: Notice) => void }) {
  const end = useEndSession();
  const device = describeUserAgent(session.userAgent);
  const signOut = async () => {
    onNotice(null);
    try {
      await end.mutateAsync(session._id);
      onNotice({ status: 'success', text: `Signed out ${device}.` });
    } catch (failure) {
      onNotice({ status: 'error', text: errorMessage(failure, 'That device could not be signed out. Please try again.') });
    }
  };

  return (
    <Flex
      as="li"
      data-testid="session-row"
      data-current={session.current ? 'true' : undefined}
      direction={{ base: 'column', sm: 'row' }}
      align={{ base: 'stretch', sm: 'center' }}
      gap={{ base: '3', sm: '4' }}
      py="4"
      _notFirst={{ borderTopWidth: '1px', borderColor: 'border' }}
    >
      <Flex gap="3" align="flex-start" flex="1" minW="0">
        <Center boxSize="10" flexShrink={0} borderRadius="lg" bg={session.current ? 'gold.subtle' : 'bg.muted'} color={session.current ? 'gold.fg' : 'fg.muted'}>
          <DeviceIcon kind={deviceKind(session.userAgent)} />
        </Center>
        <Stack gap="0.5" minW="0">
          <Flex gap="2" align="center" wrap="wrap">
            <Text fontWeight="semibold">{device}</Text>
            {session.current ? (
              <Badge colorPalette="green" variant="subtle" borderRadius="full">
                This device
              </Badge>
            ) : null}
          </Flex>
          <Text color="fg.muted" fontSize="sm" wordBreak="break-all">
            {session.ip || 'Unknown address'}
          </Text>
          {/* Two facts that wrap as wholes on a narrow screen, never mid-date. */}
          <Flex color="fg.subtle" fontSize="xs" wrap="wrap" columnGap="1.5">
            <Text as="span" whiteSpace="nowrap">
              Last active {formatAgo(session.lastSeenAt)}
            </Text>
            <Text as="span" aria-hidden hideBelow="sm">
              ·
            </Text>
            <Text as="span" whiteSpace="nowrap">
              Signed in {formatDateTime(session.createdAt)}
            </Text>
          </Flex>
        </Stack>
      </Flex>
      {session.current ? null : (
        <Button
          size="sm"
          variant="outline"
          flexShrink={0}
          alignSelf={{ base: 'flex-start', sm: 'center' }}
          // under the device's name on a phone: the icon's 40 px and the 12 px gap
          ms={{ base: '52px', sm: '0' }}
          loading={end.isPending}
          loadingText="Signing out…"
          onClick={() => void signOut()}
          aria-label={`Sign out ${device}`}
        >
          Sign out
        </Button>
      )}
    </Flex>
  );
}

/** "Where you're signed in": one row per live session of the user, this device first to be seen, the others to sign out. */
export function SessionList() {
  const queryClient = useQueryClient();
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const [notice, setNotice] = useState<Notice>(null);
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  const signOutOthers = async () => {
    setNotice(null);
    try {
      const { revoked } = await revokeOthers.mutateAsync();
      setNotice({ status: 'success', text: `Signed out ${otherDevices(revoked)}.` });
    } catch (failure) {
      setNotice({ status: 'error', text: errorMessage(failure, 'The other devices could not be signed out. Please try again.') });
    }
  };

  let body;
  if (sessions.isPending) {
    body = (
      <Stack gap="3" role="status" aria-label="Loading your devices">
        <Skeleton h="16" borderRadius="lg" />
        <Skeleton h="16" borderRadius="lg" />
      </Stack>
    );
  } else if (!sessions.data) {
    body = (
      <Stack gap="3">
        <FormAlert status="error" title={errorMessage(sessions.error, 'Your devices could not be loaded.')} />
        <Button alignSelf="flex-start" variant="outline" size="sm" onClick={() => void queryClient.resetQueries({ queryKey: profileKeys.sessions() })}>
          Try again
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Box as="ul" listStyleType="none" aria-label="Signed-in devices" data-testid="session-list">
        {sessions.data.map((session) => (
          <SessionRow key={session._id} session={session} onNotice={setNotice} />
        ))}
      </Box>
    );
  }

  return (
    <Stack gap="3">
      <Flex direction={{ base: 'column', md: 'row' }} gap="3" justify="space-between" align={{ base: 'stretch', md: 'flex-start' }}>
        <Stack gap="1">
          <Text as="h3" fontWeight="semibold">
            Where you're signed in
          </Text>
          <Text color="fg.muted" fontSize="sm">
            Sign out any device you don't recognise, then change your password.
          </Text>
        </Stack>
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          flexShrink={0}
          disabled={others === 0}
          loading={revokeOthers.isPending}
          loadingText="Signing out…"
          onClick={() => void signOutOthers()}
        >
          Sign out all other devices
        </Button>
      </Flex>
      {notice ? <FormAlert status={notice.status} title={notice.text} /> : null}
      {body}
    </Stack>
  );
}
