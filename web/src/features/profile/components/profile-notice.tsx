import { Box } from '@chakra-ui/react';
import type { PublicUser } from '@le/contracts';
import { LIMITS } from '@le/contracts';
import { useEffect, useState } from 'react';

import { FormAlert } from '@/components/ui/form-alert';
import { STORAGE_KEYS } from '@/config/brand';
import { storage } from '@/lib/storage';
import { missingProfileFields } from '@/features/profile/utils/completeness';

/**
 * Spec §4 completeness notice, on the Profile Settings page: shown once per browser (the flag
 * `profileNoticeShown` in localStorage) when any of the eight profile fields is empty, and gone by
 * itself after 5 seconds.
 */
export function ProfileNotice({ user }: { user: PublicUser }) {
  const [missing] = useState(() => {
    if (storage.get(STORAGE_KEYS.profileNoticeShown) === 'true') return [];
    return missingProfileFields(user);
  });
  const [visible, setVisible] = useState(missing.length > 0);

  useEffect(() => {
    if (!visible) return;
    storage.set(STORAGE_KEYS.profileNoticeShown, 'true');
    const timer = window.setTimeout(() => setVisible(false), LIMITS.profileNoticeMs);
    return () => window.clearTimeout(timer);
  }, [visible]);

  if (!visible) return null;
  return (
    <Box data-testid="profile-notice">
      <FormAlert status="info" title="Your profile is not complete yet.">
        Please add your {missing.join(', ')}.
      </FormAlert>
    </Box>
  );
}
