import type { ChatEventType, Duration, PaymentStatus, Role } from './constants';

/** A user as the API returns it: never a password hash or a code. */
export interface PublicUser {
  _id: string;
  name: string;
  username: string;
  email: string;
  no_telp: string;
  city: string;
  country: string;
  address: string;
  photo_profile: string;
  image_identitas: string;
  membershipTier: string;
  duration: Duration | null;
  membershipEnd: string | null;
  trialExpiresAt: string | null;
  role: Role;
  emailVerified: boolean;
  createdAt: string;
}

export interface LoginResponse {
  token: string;
  sessionId: string;
  user: PublicUser;
}

export interface MessageResponse {
  message: string;
}

export interface ApiError {
  message: string;
  code?: string;
}

export interface PaymentRecord {
  _id: string;
  membershipTier: string;
  paymentDate: string;
  expiredDate: string | null;
  amount: number;
  duration: Duration;
  status: PaymentStatus;
  paymentProof: string;
}

export interface HealthResponse {
  status: 'ok';
  store: 'embedded' | 'mongodb';
  realtime: 'local' | 'redis';
}

/* ---------------------------------------------------------------------------------------------
 * Shapes of issue 3 (memberships, history, activity log) and issue 4 (chat). Both the API's
 * response schemas and the web app are written against these; change them here first.
 * ------------------------------------------------------------------------------------------- */

/** A payment as the admin queue sees it: the payer and the expected amount beside the record. */
export interface AdminPaymentRecord extends PaymentRecord {
  userId: string;
  username: string;
  email: string;
  /** The price-table amount for the chosen tier and duration. */
  expectedAmount: number;
  /** Set when an admin rejected it. */
  reason: string | null;
  reviewedBy: string | null;
  reviewedAt: string | null;
}

/** Spec §3 history entry. `image` is a public URL under /api/files/... */
export interface HistoryEntry {
  _id: string;
  image: string;
  title: string;
  description: string;
  createdAt: string;
}

/** Spec §3 activity log entry, plus the IP the server saw (`serverIp`). */
export interface ActivityLogEntry {
  _id: string;
  username: string;
  role: string;
  ipAddress: string;
  serverIp: string;
  page: string;
  message: string;
  createdAt: string;
}

/** `GET /api/admin/stats`. */
export interface AdminStats {
  membersByTier: Record<string, number>;
  pendingPayments: number;
  /** Trials ending within the next 3 days. */
  trialsEndingSoon: { _id: string; username: string; email: string; trialExpiresAt: string }[];
  onlineUsers: { _id: string; username: string; role: string }[];
  messagesToday: number;
}

/** The sender as a message carries it (spec §3). */
export interface MessageSender {
  _id: string;
  role: string;
  name: string;
  username: string;
  photo_profile: string;
  membershipTier: string;
}

export type ChatMessageType = 'global' | 'private';

/** Spec §3 message. For a non-admin, a hidden message has `content: ''` and `hidden: true`. */
export interface ChatMessage {
  _id: string;
  content: string;
  createdAt: string;
  editedAt: string | null;
  sender: MessageSender;
  type: ChatMessageType;
  /** The private chat id, or null in the global room. */
  chatId: string | null;
  /** The parent: its id, sender and a 50-character preview (empty when the parent is hidden). */
  replyTo: { _id: string; sender: MessageSender; preview: string } | null;
  /** Non-empty means hidden (spec §3). Non-admins get `['all']` or `[]`, never admin ids. */
  hiddenFor: string[];
  hidden: boolean;
  deleted: boolean;
  /** The sequence number of the last event that changed this message in its stream. */
  seq: number;
  clientId?: string | null;
}

export interface ChatParticipant {
  _id: string;
  role: string;
  username: string;
  name: string;
  photo_profile: string;
}

/** Spec §3 chat (one member↔admin conversation). `unreadCount` is for the caller. */
export interface ChatSummary {
  _id: string;
  participants: ChatParticipant[];
  lastMessage: { content: string; createdAt: string; sender: MessageSender } | null;
  unreadCount: number;
  /** Highest event sequence of this chat's stream. */
  seq: number;
  online?: boolean;
}

/** One stored chat event as `GET /api/chat/events` returns it (redacted for the caller). */
export interface ChatEventRecord {
  _id: string;
  stream: string;
  seq: number;
  type: ChatEventType;
  actorId: string;
  at: string;
  /** The message as this caller may see it, after the event. */
  message?: ChatMessage;
  /** For chat.read: who read and up to which seq. */
  readerId?: string;
  upTo?: number;
}
