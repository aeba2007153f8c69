import { Button, Card, Container, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

import { ButtonLink } from '@/components/ui/button-link';
import { FormAlert } from '@/components/ui/form-alert';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { createHistory } from '@/features/history/api/history';
import { historyKeys } from '@/features/history/api/keys';
import { validateHistoryForm } from '@/features/history/utils/format';
import { HistoryTextFields } from './history-text-fields';
import { ImagePicker } from './image-picker';
import { ProgressBar } from '@/components/ui/progress-bar';

/** /manage-history/create (admin): publish a history post with its image. */
export function CreateHistoryPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<ReturnType<typeof validateHistoryForm>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const submitting = progress !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateHistoryForm({ title, description, image, imageRequired: true });
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0 || !image) return;
    setProgress(0);
    try {
      const { entry } = await createHistory({ title: title.trim(), description: description.trim(), image }, setProgress);
      void queryClient.invalidateQueries({ queryKey: historyKeys.all });
      toaster.create({ type: 'success', title: 'History entry published', description: entry.title, closable: true });
      void navigate(paths.manageHistory.href);
    } catch (error) {
      setServerError(errorMessage(error, 'The history entry could not be published. Please try again.'));
      setProgress(null);
    }
  };

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
            <form onSubmit={(event) => void submit(event)} noValidate>
              <Stack gap="6">
                {serverError ? <FormAlert status="error" title={serverError} /> : null}
                <ImagePicker
                  file={image}
                  onChange={(file) => {
                    setImage(file);
                    setErrors((current) => ({ ...current, image: undefined }));
                  }}
                  error={errors.image}
                  disabled={submitting}
                />
                <HistoryTextFields
                  title={title}
                  description={description}
                  onTitle={(value) => {
                    setTitle(value);
                    setErrors((current) => ({ ...current, title: undefined }));
                  }}
                  onDescription={(value) => {
                    setDescription(value);
                    setErrors((current) => ({ ...current, description: undefined }));
                  }}
                  errors={errors}
                  disabled={submitting}
                />
                {progress !== null ? <ProgressBar value={progress} label="Uploading" showStage /> : null}
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
