import { Button, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { PublicUser } from '@le/contracts';
import { UI_TEXT } from '@le/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { FormAlert } from '@/components/ui/form-alert';
import { PageSpinner } from '@/components/ui/page-spinner';
import { meKeys, setMe, useMe } from '@/hooks/use-me';
import { useReadError } from '@/hooks/use-read-error';
import { PhotoUploadCard } from './photo-upload-card';
import { ProfileForm } from './profile-form';
import { ProfileNotice } from './profile-notice';
import { SecuritySection } from './security-section';

/**
 * Spec §2 Profile Settings: the notice, the form and the two photos; below them the password and
 * the signed-in devices (contract §10), then `notifications` (the notifications feature's card,
 * contract §14, handed in by the route).
 */
export function ProfileSettings({ notifications }: { notifications?: ReactNode } = {}) {
  const queryClient = useQueryClient();
  const me = useMe();
  const user = me.data ?? null;
  // Held while /auth/me is read again (another screen's or the socket's refresh): a read that failed
  // keeps saying so until one succeeds, instead of turning back into a spinner for each attempt.
  const readError = useReadError(me, UI_TEXT.genericError);
  const loadError = user ? null : readError;

  // Every change also goes to the session store, so the top bar's avatar and name follow at once.
  const saved = (fresh: PublicUser) => setMe(queryClient, fresh);

  return (
    <Container maxW="5xl" py={{ base: '6', md: '10' }}>
      <title>Profile Settings — Lukis Emas</title>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
            Profile Settings
          </Heading>
          <Text color="fg.muted">Keep your details up to date: admins use them to validate your membership.</Text>
        </Stack>
        {loadError ? (
          <Stack gap="3">
            <FormAlert status="error" title={loadError} />
            <Button
              variant="outline"
              size="sm"
              alignSelf="flex-start"
              onClick={() => void queryClient.resetQueries({ queryKey: meKeys.me })}
            >
              Try again
            </Button>
          </Stack>
        ) : null}
        {!user && !loadError ? <PageSpinner /> : null}
        {user ? (
          <>
            <ProfileNotice user={user} />
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
              <PhotoUploadCard kind="profile" url={user.photo_profile} onUploaded={saved} />
              <PhotoUploadCard kind="identity" url={user.image_identitas} onUploaded={saved} />
            </SimpleGrid>
            <Stack bg="bg.panel" borderWidth="1px" borderColor="border" borderRadius="xl" p={{ base: '4', md: '6' }} gap="5">
              <Text fontWeight="semibold" fontSize="lg">
                Personal details
              </Text>
              <ProfileForm user={user} onSaved={saved} />
            </Stack>
            <SecuritySection login={user.email} />
            {notifications}
          </>
        ) : null}
      </Stack>
    </Container>
  );
}
