import { Badge, Box, Button, Flex, Separator, Skeleton, Stack, Switch, Text } from '@chakra-ui/react';
import { canUseMemberFeatures, NOTIFICATION_KINDS, type NotificationKind, type PushDevice } from '@le/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { FormAlert } from '@/components/ui/form-alert';
import { useMe } from '@/hooks/use-me';
import { errorMessage } from '@/lib/api-client';
import { notificationKeys } from '@/features/notifications/api/keys';
import { sendTest, useDevices, usePreferences, useRemoveDevice, useSetPreference } from '@/features/notifications/api/push';
import { deviceName, notificationPermission, pushSupport, PushSetupError, turnOffPush, turnOnPush } from '@/features/notifications/utils/device';

type Notice = { status: 'success' | 'error' | 'info'; text: string } | null;

/** What each switch is called, for a member and for an admin (who gets the admins' kinds under the same switches). */
const LABELS: Record<NotificationKind, { member: string; admin: string; hint: string; adminHint: string }> = {
  signalOpened: { member: 'New signals', admin: 'New signals', hint: 'When an admin opens a signal', adminHint: 'When an admin opens a signal' },
  signalUpdated: { member: 'Stop or targets moved', admin: 'Stop or targets moved', hint: 'When an open signal changes', adminHint: 'When an open signal changes' },
  signalClosed: { member: 'Signals closed', admin: 'Signals closed', hint: 'The result in pips', adminHint: 'The result in pips' },
  replies: { member: 'Replies to you', admin: 'Replies to you', hint: 'In the live room', adminHint: 'In the live room' },
  adminMessages: { member: 'Messages from the admins', admin: 'Members\' messages', hint: 'In your conversation with the admins', adminHint: 'A member writes to the admins' },
  membership: { member: 'Membership reminders', admin: 'Payment proofs', hint: 'Before and when your membership ends', adminHint: 'A new proof waits for validation' },
};

export const IOS_HINT =
  'On iPhone and iPad, notifications work only from the app on your Home Screen: tap Share, then "Add to Home Screen", open Lukis Emas from the Home Screen and turn them on there.';

function DeviceRow({ device, onNotice }: { device: PushDevice; onNotice: (notice: Notice) => void }) {
  const remove = useRemoveDevice();
  return (
    <Flex as="li" align="center" gap="3" py="3" _notFirst={{ borderTopWidth: '1px', borderColor: 'border' }} data-testid="push-device">
      <Stack gap="0" flex="1" minW="0">
        <Flex gap="2" align="center" wrap="wrap">
          <Text fontWeight="medium">{deviceName(device.userAgent)}</Text>
          {device.current ? (
            <Badge colorPalette="green" variant="subtle" borderRadius="full">
              This device
            </Badge>
          ) : null}
        </Flex>
        <Text color="fg.muted" fontSize="sm">
          Since {new Date(device.createdAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}
        </Text>
      </Stack>
      {device.current ? null : (
        <Button
          size="sm"
          variant="outline"
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(device._id, { onError: (error) => onNotice({ status: 'error', text: errorMessage(error, 'That device could not be removed. Please try again.') }) })
          }
        >
          Remove
        </Button>
      )}
    </Flex>
  );
}

/**
 * The Notifications card of /settings (contract §14): this device on or off (the browser's prompt),
 * a test, one switch per kind, the devices that receive them, and the Home Screen step iOS needs.
 */
export function NotificationsCard() {
  const queryClient = useQueryClient();
  const me = useMe();
  const isAdmin = me.data?.role === 'admin';
  const devices = useDevices();
  const preferences = usePreferences();
  const setPreference = useSetPreference();
  const [busy, setBusy] = useState<'on' | 'off' | 'test' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const support = pushSupport();
  const permission = notificationPermission();
  const thisDevice = devices.data?.some((device) => device.current) ?? false;
  const memberRights = me.data ? canUseMemberFeatures(me.data) : true;

  const run = async (what: 'on' | 'off' | 'test', work: () => Promise<unknown>, done: string) => {
    setBusy(what);
    setNotice(null);
    try {
      await work();
      setNotice({ status: 'success', text: done });
    } catch (error) {
      setNotice({ status: 'error', text: error instanceof PushSetupError ? error.message : errorMessage(error, 'That did not work. Please try again.') });
    } finally {
      setBusy(null);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.devices() });
    }
  };

  return (
    <Stack as="section" aria-label="Notifications" bg="bg.panel" borderWidth="1px" borderColor="border" borderRadius="xl" p={{ base: '4', md: '6' }} gap="5" data-testid="notifications-card">
      <Stack gap="1">
        <Text as="h2" fontWeight="semibold" fontSize="lg">
          Notifications
        </Text>
        <Text color="fg.muted" fontSize="sm">
          Signals, replies and messages on this device&apos;s lock screen, even with no tab of Lukis Emas open.
        </Text>
      </Stack>

      {support === 'needs-home-screen' ? <FormAlert status="info" title="Add Lukis Emas to your Home Screen first">{IOS_HINT}</FormAlert> : null}
      {support === 'unsupported' ? <FormAlert status="warning" title="This browser cannot show notifications from a web app." /> : null}
      {support === 'supported' && permission === 'denied' && !thisDevice ? (
        <FormAlert status="warning" title="Notifications are blocked for this site">Allow them in the browser&apos;s site settings, then turn them on here.</FormAlert>
      ) : null}
      {!memberRights && !isAdmin ? (
        <FormAlert status="info" title="Signal alerts are for members">You still get your admins&apos; messages and membership reminders.</FormAlert>
      ) : null}

      <Flex direction={{ base: 'column', sm: 'row' }} gap="3" align={{ base: 'stretch', sm: 'center' }} justify="space-between">
        <Stack gap="0">
          <Text fontWeight="medium">This device</Text>
          <Text color="fg.muted" fontSize="sm" data-testid="push-state">
            {devices.isPending ? 'Checking…' : thisDevice ? 'Notifications are on.' : 'Notifications are off.'}
          </Text>
        </Stack>
        <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
          {thisDevice ? (
            <>
              <Button variant="outline" loading={busy === 'test'} onClick={() => void run('test', sendTest, 'A test notification is on its way.')}>
                Send a test
              </Button>
              <Button variant="outline" loading={busy === 'off'} onClick={() => void run('off', turnOffPush, 'Notifications are off for this device.')}>
                Turn off
              </Button>
            </>
          ) : (
            <Button colorPalette="gold" disabled={support !== 'supported' || devices.isPending} loading={busy === 'on'} onClick={() => void run('on', turnOnPush, 'Notifications are on for this device.')}>
              Turn on for this device
            </Button>
          )}
        </Flex>
      </Flex>
      {notice ? <FormAlert status={notice.status} title={notice.text} /> : null}

      <Separator />
      <Stack gap="1" as="fieldset">
        <Text as="legend" fontWeight="medium" mb="2">
          What to send
        </Text>
        {preferences.isPending ? <Skeleton height="40" borderRadius="lg" /> : null}
        {preferences.error ? <FormAlert status="error" title={errorMessage(preferences.error, 'Your choices could not be loaded.')} /> : null}
        {preferences.data
          ? NOTIFICATION_KINDS.map((kind) => (
              <Switch.Root
                key={kind}
                checked={preferences.data[kind]}
                onCheckedChange={(details) =>
                  setPreference.mutate({ [kind]: details.checked }, { onError: (error) => setNotice({ status: 'error', text: errorMessage(error, 'That choice could not be saved.') }) })
                }
                display="flex"
                justifyContent="space-between"
                alignItems="center"
                gap="4"
                py="2"
                minH="10"
                colorPalette="gold"
                data-testid={`preference-${kind}`}
              >
                <Switch.HiddenInput />
                <Switch.Label flex="1">
                  <Text fontWeight="normal">{isAdmin ? LABELS[kind].admin : LABELS[kind].member}</Text>
                  <Text color="fg.muted" fontSize="sm" fontWeight="normal">
                    {isAdmin ? LABELS[kind].adminHint : LABELS[kind].hint}
                  </Text>
                </Switch.Label>
                <Switch.Control>
                  <Switch.Thumb />
                </Switch.Control>
              </Switch.Root>
            ))
          : null}
      </Stack>

      <Separator />
      <Stack gap="1">
        <Text fontWeight="medium">Devices that receive them</Text>
        {devices.isPending ? <Skeleton height="12" borderRadius="lg" /> : null}
        {devices.data && devices.data.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            None yet: turn them on above, on each phone or computer you want them on.
          </Text>
        ) : null}
        {devices.data && devices.data.length > 0 ? (
          <Box as="ul" listStyleType="none">
            {devices.data.map((device) => (
              <DeviceRow key={device._id} device={device} onNotice={setNotice} />
            ))}
          </Box>
        ) : null}
      </Stack>
    </Stack>
  );
}
