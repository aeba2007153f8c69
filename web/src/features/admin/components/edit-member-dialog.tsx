import { Button, Dialog, Field, Input, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { isPaidTier, type PaidTier, type PublicUser } from '@le/contracts';
import { useState, type FormEvent } from 'react';

import { FormAlert } from '@/components/ui/form-alert';
import { errorMessage } from '@/lib/api-client';
import { updateMember, type MemberChanges } from '@/features/admin/api/members';
import { fromDateInput, toDateInput } from '@/features/admin/utils/format';
import { LabeledSelect } from './labeled-select';

type EditableRole = 'admin' | 'member' | 'trial';

const ROLE_OPTIONS = [
  { value: 'member', label: 'Member' },
  { value: 'trial', label: 'Trial' },
  { value: 'admin', label: 'Admin' },
] as const;
const TIER_OPTIONS = [
  { value: 'basic', label: 'Basic' },
  { value: 'pro', label: 'Pro' },
  { value: 'expert', label: 'Expert' },
] as const;
const DURATION_OPTIONS = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
] as const;

interface Draft {
  role: EditableRole;
  tier: PaidTier;
  duration: 'monthly' | 'yearly';
  end: string;
}

const draftOf = (user: PublicUser): Draft => ({
  role: user.role === 'admin' || user.role === 'member' ? user.role : 'trial',
  tier: isPaidTier(user.membershipTier) ? (user.membershipTier.toLowerCase() as PaidTier) : 'basic',
  duration: user.duration ?? 'monthly',
  end: toDateInput(user.membershipEnd),
});

/** Only what differs from the stored user; the server keeps the rest coherent. */
const changesOf = (user: PublicUser, draft: Draft): MemberChanges | string => {
  const changes: MemberChanges = {};
  if (draft.role !== user.role) changes.role = draft.role;
  if (draft.role === 'member') {
    if (draft.tier !== user.membershipTier) changes.membershipTier = draft.tier;
    if (draft.duration !== user.duration) changes.duration = draft.duration;
    if (draft.end !== toDateInput(user.membershipEnd)) {
      if (draft.end === '') {
        if (user.role === 'member') return 'A member needs an end date.';
      } else {
        const iso = fromDateInput(draft.end);
        if (!iso) return 'The end date is not a valid date.';
        changes.membershipEnd = iso;
      }
    }
  }
  return changes;
};

function EditForm({ user, isSelf, onCancel, onSaved }: { user: PublicUser; isSelf: boolean; onCancel: () => void; onSaved: (user: PublicUser) => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(user));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K) => (value: string) => setDraft((current) => ({ ...current, [key]: value as Draft[K] }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changes = changesOf(user, draft);
    if (typeof changes === 'string') {
      setError(changes);
      return;
    }
    if (Object.keys(changes).length === 0) {
      onCancel();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { user: saved } = await updateMember(user._id, changes);
      onSaved(saved);
    } catch (failure) {
      setError(errorMessage(failure, 'The member could not be updated. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const member = draft.role === 'member';
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          <Text color="fg.muted" fontSize="sm" wordBreak="break-all">
            {user.name} · {user.email}
          </Text>
          <LabeledSelect id="edit-role" label="Role" value={draft.role} options={ROLE_OPTIONS} onChange={set('role')} disabled={isSelf} />
          {isSelf ? (
            <Text fontSize="xs" color="fg.subtle">
              You cannot change your own role.
            </Text>
          ) : null}
          {member ? (
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <LabeledSelect id="edit-tier" label="Tier" value={draft.tier} options={TIER_OPTIONS} onChange={set('tier')} />
              <LabeledSelect id="edit-duration" label="Duration" value={draft.duration} options={DURATION_OPTIONS} onChange={set('duration')} />
              <Field.Root id="edit-end" gridColumn={{ sm: 'span 2' }}>
                <Field.Label>Membership end date</Field.Label>
                <Input type="date" value={draft.end} onChange={(event) => set('end')(event.target.value)} bg="bg.muted" borderColor="border" />
                <Field.HelperText>
                  {user.role === 'member' ? 'The membership lasts through this day.' : 'Leave empty to start one period from today.'}
                </Field.HelperText>
              </Field.Root>
            </SimpleGrid>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              {draft.role === 'admin' ? 'An admin has the tier “admin” and no membership.' : 'A trial keeps its trial date and has no paid membership.'}
            </Text>
          )}
          {error ? <FormAlert status="error" title={error} /> : null}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" colorPalette="gold" loading={busy} loadingText="Saving…">
          Save changes
        </Button>
      </Dialog.Footer>
    </form>
  );
}

/** Changes a member's tier, duration, end date or role. */
export function EditMemberDialog({
  user,
  currentUserId,
  onClose,
  onSaved,
}: {
  user: PublicUser | null;
  currentUserId: string | null;
  onClose: () => void;
  onSaved: (user: PublicUser) => void;
}) {
  return (
    <Dialog.Root open={user !== null} onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content bg="bg.panel">
            <Dialog.Header>
              <Dialog.Title>Edit {user?.username}</Dialog.Title>
            </Dialog.Header>
            {user ? <EditForm key={user._id} user={user} isSelf={user._id === currentUserId} onCancel={onClose} onSaved={onSaved} /> : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
