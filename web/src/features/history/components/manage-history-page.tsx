import { Box, Button, Card, Center, Container, Flex, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import type { HistoryEntry } from '@le/contracts';
import { BREAKPOINTS, UI_TEXT } from '@le/contracts';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useState } from 'react';

import { ButtonLink } from '@/components/ui/button-link';
import { PageSpinner } from '@/components/ui/page-spinner';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { flattenPages, updatePagedRows } from '@/lib/paged-list';
import { useHistory, type HistoryPage } from '@/features/history/api/history';
import { historyKeys } from '@/features/history/api/keys';
import { formatHistoryTime } from '@/features/history/utils/format';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { EditHistoryDialog } from './edit-history-dialog';
import { HistoryImage } from './history-image';
import { HistoryLoadFailed, HistoryMore } from './history-load-failed';

function ManageRow({ entry, onEdit, onDelete }: { entry: HistoryEntry; onEdit: () => void; onDelete: () => void }) {
  return (
    <Card.Root bg="bg.panel" borderColor="border" borderRadius="xl" overflow="hidden" data-testid="manage-history-row">
      <Flex direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'center' }}>
        <Box w={{ base: '100%', md: '220px' }} flexShrink={0}>
          <HistoryImage src={entry.image} images={entry.images} sizes={`(min-width: ${BREAKPOINTS.md}px) 220px, calc(100vw - 32px)`} alt={entry.title} />
        </Box>
        <Stack gap="1.5" p="5" flex="1" minW="0">
          <Text fontSize="sm" color="gold.fg" fontWeight="medium">
            {formatHistoryTime(entry.createdAt)}
          </Text>
          <Heading as="h2" size="md" wordBreak="break-word">
            {entry.title}
          </Heading>
          <Text color="fg.muted" lineClamp={2} wordBreak="break-word">
            {entry.description}
          </Text>
        </Stack>
        <HStack gap="2" px="5" pb={{ base: '5', md: '0' }} flexShrink={0}>
          <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${entry.title}`}>
            Edit
          </Button>
          <Button size="sm" variant="outline" colorPalette="red" onClick={onDelete} aria-label={`Delete ${entry.title}`}>
            Delete
          </Button>
        </HStack>
      </Flex>
    </Card.Root>
  );
}

/** /manage-history (admin): the posts with edit and delete, and the way to publish a new one. */
export function ManageHistoryPage() {
  const queryClient = useQueryClient();
  const query = useHistory();
  const entries = flattenPages(query.data, 'history');
  const [editing, setEditing] = useState<HistoryEntry | null>(null);
  const [deleting, setDeleting] = useState<HistoryEntry | null>(null);

  /** An edit or a delete shows in the list at once; the list reloads behind it. */
  const changed = (change: (rows: HistoryEntry[]) => HistoryEntry[]) => {
    queryClient.setQueryData<InfiniteData<HistoryPage>>(historyKeys.list(), (data) => updatePagedRows(data, 'history', change));
    void queryClient.invalidateQueries({ queryKey: historyKeys.all });
  };

  let body;
  if (query.isPending) body = <PageSpinner label="Loading history" />;
  else if (!query.data) body = <HistoryLoadFailed onRetry={() => void queryClient.resetQueries({ queryKey: historyKeys.list() })} />;
  else if (entries.length === 0) {
    body = (
      <Center py="16" borderWidth="1px" borderStyle="dashed" borderColor="border" borderRadius="xl">
        <Stack align="center" gap="4" textAlign="center" px="4">
          <Text color="fg.muted" fontSize="lg">
            {UI_TEXT.historyEmpty}
          </Text>
          <ButtonLink to={paths.manageHistoryCreate.href} colorPalette="gold">
            Create the first entry
          </ButtonLink>
        </Stack>
      </Center>
    );
  } else {
    body = (
      <Stack gap="4">
        {entries.map((entry) => (
          <ManageRow key={entry._id} entry={entry} onEdit={() => setEditing(entry)} onDelete={() => setDeleting(entry)} />
        ))}
        <HistoryMore query={query} />
      </Stack>
    );
  }

  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      <title>Manage History — Lukis Emas</title>
      <Stack gap="6">
        <Flex justify="space-between" align={{ base: 'flex-start', sm: 'center' }} direction={{ base: 'column', sm: 'row' }} gap="4">
          <Stack gap="1">
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }} letterSpacing="tight">
              Manage History
            </Heading>
            <Text color="fg.muted">Publish, edit and remove the posts of the public History page.</Text>
          </Stack>
          <ButtonLink to={paths.manageHistoryCreate.href} colorPalette="gold">
            New entry
          </ButtonLink>
        </Flex>
        {body}
      </Stack>
      <EditHistoryDialog
        entry={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          changed((rows) => rows.map((row) => (row._id === saved._id ? saved : row)));
          setEditing(null);
          toaster.create({ type: 'success', title: 'Changes saved', description: saved.title, closable: true });
        }}
      />
      <ConfirmDeleteDialog
        entry={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(id) => {
          changed((rows) => rows.filter((row) => row._id !== id));
          setDeleting(null);
          toaster.create({ type: 'success', title: 'History entry deleted', closable: true });
        }}
      />
    </Container>
  );
}
