import { Button, Card, Container, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { ButtonLink } from '@/components/ui/button-link';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { createHistory } from '@/features/history/api/history';
import { historyKeys } from '@/features/history/api/keys';
import { useHistoryForm } from '@/features/history/hooks/use-history-form';
import { HistoryFormFields } from './history-form-fields';

/** /manage-history/create (admin): publish a history post with its image. */
export function CreateHistoryPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useHistoryForm({
    initial: { title: '', description: '' },
    imageRequired: true,
    failure: 'The history entry could not be published. Please try again.',
    save: async ({ image, ...text }, onProgress) => {
      // The checks have already asked for an image; this only tells the type so.
      if (!image) throw new Error('No image chosen.');
      const { entry } = await createHistory({ ...text, image }, onProgress);
      void queryClient.invalidateQueries({ queryKey: historyKeys.all });
      toaster.create({ type: 'success', title: 'History entry published', description: entry.title, closable: true });
      void navigate(paths.manageHistory.href);
    },
  });
  const submitting = form.busy;

  return (
    <Container maxW="3xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      <title>New History Entry — Lukis Emas</title>
      <Stack gap="6">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Stack gap="1">
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }} letterSpacing="tight">
              New History Entry
            </Heading>
            <Text color="fg.muted">It appears at the top of the public History page.</Text>
          </Stack>
          <ButtonLink to={paths.manageHistory.href} variant="ghost" size="sm">
            Back to Manage History
          </ButtonLink>
        </HStack>
        <Card.Root bg="bg.panel" borderColor="border" borderRadius="xl">
          <Card.Body p={{ base: '5', md: '8' }}>
            <form onSubmit={(event) => void form.submit(event)} noValidate>
              <Stack gap="6">
                <HistoryFormFields form={form} />
                <HStack justify="flex-end" gap="3">
                  <ButtonLink to={paths.manageHistory.href} variant="outline" disabled={submitting}>
                    Cancel
                  </ButtonLink>
                  <Button type="submit" colorPalette="gold" loading={submitting} loadingText="Publishing…">
                    Publish
                  </Button>
                </HStack>
              </Stack>
            </form>
          </Card.Body>
        </Card.Root>
      </Stack>
    </Container>
  );
}
