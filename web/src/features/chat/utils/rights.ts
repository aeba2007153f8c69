import { UI_TEXT, canUseMemberFeatures, isPaidTier } from '@le/contracts';
import type { Role } from '@le/contracts';

import type { SessionUser } from '@/lib/session-user';

export interface ChatRights {
  /** Send, reply and edit own messages (spec §6: admin, and members with an active membership). */
  canPost: boolean;
  isAdmin: boolean;
  /** The role's notice of spec §6 (guest, trial), or null. */
  notice: string | null;
  /** A member whose membership ended: posting needs a renewal (/payment-membership). */
  expired: boolean;
  /** The signed-in user's id, when known (after /auth/me). */
  userId: string | null;
  username: string | null;
}

/** What the viewer may do in the chat, from the session (rights follow dates, spec §4/§6). */
export const chatRights = (token: string | null, role: Role | null, user: SessionUser | null, now = Date.now()): ChatRights => {
  const base = { userId: user?._id ?? null, username: user?.username ?? null };
  if (!token || !user) return { ...base, canPost: false, isAdmin: false, notice: UI_TEXT.chatGuestNotice, expired: false };
  const effectiveRole = role ?? user.role;
  if (effectiveRole === 'admin') return { ...base, canPost: true, isAdmin: true, notice: null, expired: false };
  if (effectiveRole === 'member') {
    // Before /auth/me answers, the stored user has no dates: trust its paid tier until then.
    const active = 'membershipEnd' in user ? canUseMemberFeatures({ ...user, role: 'member' }, now) : isPaidTier(user.membershipTier);
    return { ...base, canPost: active, isAdmin: false, notice: null, expired: !active };
  }
  if (effectiveRole === 'trial') return { ...base, canPost: false, isAdmin: false, notice: UI_TEXT.chatTrialNotice, expired: false };
  return { ...base, canPost: false, isAdmin: false, notice: UI_TEXT.chatGuestNotice, expired: false };
};

/** Own message: by id when known, else by username. */
export const isOwn = (rights: ChatRights, sender: { _id: string; username: string }): boolean =>
  rights.userId ? sender._id === rights.userId : rights.username !== null && sender.username === rights.username;

/** What a trial or an expired member may do in the live room, said where they write to the admins. */
export const WITH_ADMINS_NOTICE = 'You can message the admins here. Posting in the live room needs an active membership.';

/**
 * The member's own conversation with the admins (contract §9): every signed-in member writes there,
 * trials and expired members too; the live room keeps the rights of `chatRights`.
 */
export const withAdminsRights = (rights: ChatRights): ChatRights =>
  rights.userId === null && rights.username === null ? rights : { ...rights, canPost: true, notice: null, expired: false };
