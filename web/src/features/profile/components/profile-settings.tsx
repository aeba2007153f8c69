import { Button, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { PublicUser } from '@le/contracts';
import { UI_TEXT } from '@le/contracts';
import { useEffect, useState } from 'react';

import { FormAlert } from '@/components/ui/form-alert';
import { PageSpinner } from '@/components/ui/page-spinner';
import { errorMessage } from '@/lib/api-client';
import { getMe } from '@/lib/auth';
import { useSessionStore } from '@/stores/session-store';
import { PhotoUploadCard } from './photo-upload-card';
import { ProfileForm } from './profile-form';
import { ProfileNotice } from './profile-notice';

/** Spec §2 Profile Settings: the notice, the form and the two photos. */
export function ProfileSettings() {
  const [user, setUser] = useState<PublicUser | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getMe(controller.signal)
      .then(({ user: fresh }) => {
        setUser(fresh);
        useSessionStore.getState().setUser(fresh);
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setLoadError(errorMessage(failure, UI_TEXT.genericError));
      });
    return () => controller.abort();
  }, [attempt]);

  // Every change also goes to the session store, so the top bar's avatar and name follow at once.
  const saved = (fresh: PublicUser) => {
    setUser(fresh);
    useSessionStore.getState().setUser(fresh);
  };

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
              onClick={() => {
                setLoadError(null);
                setAttempt((count) => count + 1);
              }}
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
          </>
        ) : null}
      </Stack>
    </Container>
  );
}
