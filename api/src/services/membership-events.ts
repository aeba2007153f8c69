import { canUseMemberFeatures, ROOMS, type MembershipChangedPayload } from '@le/contracts';
import type { EventPublisher } from '../plugins/app/publisher';
import type { UserRecord } from '../store';

/** The user's rights as `membership:changed` tells them (contract §9). */
export const membershipChangedPayload = (user: UserRecord, now = new Date()): MembershipChangedPayload => ({
  role: user.role,
  membershipTier: user.membershipTier,
  membershipEnd: user.membershipEnd?.toISOString() ?? null,
  graceEndsAt: user.graceEndsAt?.toISOString() ?? null,
  canPost: canUseMemberFeatures(user, now.getTime()),
});

/**
 * Tells the user's screens their new rights (`membership:changed` to every socket of theirs), then
 * drops those sockets so they reconnect into the rooms of those rights (role, signal levels, the
 * moment they end). The message goes first, on the same path, so it arrives before the drop.
 */
export const announceMembership = (publisher: EventPublisher, user: UserRecord, now = new Date()): void => {
  publisher.emit([ROOMS.user(user._id)], 'membership:changed', membershipChangedPayload(user, now));
  publisher.refreshUser(user._id, user.role);
};
