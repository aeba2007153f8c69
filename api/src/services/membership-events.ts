import { canUseMemberFeatures, ROOMS, signalAccessEndsAt, signalAccessOf, type MembershipChangedPayload } from '@le/contracts';
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
 * moves those sockets into the rooms of those rights (role, signal levels, the moment they end),
 * on whichever process holds them: nobody is disconnected. The message goes first, on the same
 * path, so a screen hears of its rights before the first event they open reaches it.
 */
export const announceMembership = (publisher: EventPublisher, user: UserRecord, now = new Date()): void => {
  publisher.emit([ROOMS.user(user._id)], 'membership:changed', membershipChangedPayload(user, now));
  publisher.moveUser(user._id, {
    role: user.role,
    signalAccess: signalAccessOf(user, now.getTime()),
    signalAccessEndsAt: signalAccessEndsAt(user, now.getTime()),
  });
};
