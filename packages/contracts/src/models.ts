/**
 * The API's shapes as TypeScript types, each the `Static` of its schema in schemas/ (nothing here
 * is written by hand: change the schema). Type-only imports: the web app gets these without TypeBox.
 */
import type { Static } from 'typebox';
import type * as S from './schemas';

/* Shared. */

export type ApiError = Static<typeof S.ErrorResponse>;
export type MessageResponse = Static<typeof S.MessageResponse>;
export type HealthResponse = Static<typeof S.HealthResponse>;
export type IdParams = Static<typeof S.IdParams>;

/* Accounts and the own profile. */

/** A user as the API returns it: never a password hash or a code. */
export type PublicUser = Static<typeof S.User>;
export type UserResponse = Static<typeof S.UserResponse>;
export type RegisterBody = Static<typeof S.RegisterBody>;
export type VerifyEmailBody = Static<typeof S.VerifyEmailBody>;
export type ResendCodeBody = Static<typeof S.ResendCodeBody>;
export type LoginBody = Static<typeof S.LoginBody>;
export type LoginResponse = Static<typeof S.LoginResponse>;
export type VerifyEmailResponse = Static<typeof S.VerifyEmailResponse>;
export type ForgotPasswordBody = Static<typeof S.ForgotPasswordBody>;
export type ResetPasswordBody = Static<typeof S.ResetPasswordBody>;
export type SessionBody = Static<typeof S.SessionBody>;
export type UpdateProfileBody = Static<typeof S.UpdateProfileBody>;
export type UpdateProfileResponse = Static<typeof S.UpdateProfileResponse>;
export type ConfirmEmailChangeBody = Static<typeof S.ConfirmEmailChangeBody>;
export type ConfirmEmailChangeResponse = Static<typeof S.ConfirmEmailChangeResponse>;
export type SessionInfo = Static<typeof S.SessionInfo>;
export type SessionList = Static<typeof S.SessionList>;
export type RevokeOthersResponse = Static<typeof S.RevokeOthersResponse>;
export type ChangePasswordBody = Static<typeof S.ChangePasswordBody>;
export type UploadPhotoResponse = Static<typeof S.UploadPhotoResponse>;

/* Activity log. */

/** Spec §3 activity log entry, plus the IP the server saw (`serverIp`). */
export type ActivityLogEntry = Static<typeof S.ActivityLogEntry>;
export type LogActivityBody = Static<typeof S.LogActivityBody>;
export type ActivityListQuery = Static<typeof S.ActivityListQuery>;
export type ActivityListResponse = Static<typeof S.ActivityListResponse>;

/* History. */

/** Spec §3 history entry. `image` is a public URL under /api/files/... */
export type HistoryEntry = Static<typeof S.HistoryEntry>;
export type HistoryImageSize = Static<typeof S.HistoryImageSize>;
export type HistoryListQuery = Static<typeof S.HistoryListQuery>;
export type HistoryListResponse = Static<typeof S.HistoryListResponse>;
export type HistoryEntryResponse = Static<typeof S.HistoryEntryResponse>;
export type HistoryUpdateBody = Static<typeof S.HistoryUpdateBody>;

/* Memberships and payments. */

export type PaymentRecord = Static<typeof S.Payment>;
export type PaymentResponse = Static<typeof S.PaymentResponse>;
export type PaymentListResponse = Static<typeof S.PaymentListResponse>;
export type PaymentFields = Static<typeof S.PaymentFields>;
/** A payment as the admin queue sees it: the payer and the expected amount beside the record. */
export type AdminPaymentRecord = Static<typeof S.AdminPayment>;
export type AdminPaymentsQuery = Static<typeof S.AdminPaymentsQuery>;
export type AdminPaymentListResponse = Static<typeof S.AdminPaymentListResponse>;
export type ApprovePaymentBody = Static<typeof S.ApprovePaymentBody>;
export type ApprovePaymentResponse = Static<typeof S.ApprovePaymentResponse>;
export type RejectPaymentBody = Static<typeof S.RejectPaymentBody>;
export type AdminPaymentResponse = Static<typeof S.AdminPaymentResponse>;

/* Admin console. */

export type MembersQuery = Static<typeof S.MembersQuery>;
export type MembersResponse = Static<typeof S.MembersResponse>;
export type MemberPatchBody = Static<typeof S.MemberPatchBody>;
/** `GET /api/admin/stats`. */
export type AdminStats = Static<typeof S.AdminStatsResponse>;

/* Chat. */

/** The sender as a message carries it (spec §3). */
export type MessageSender = Static<typeof S.MessageSender>;
export type ChatMessageType = Static<typeof S.ChatMessageType>;
/** Spec §3 message. For a non-admin, a hidden message has `content: ''` and `hidden: true`. */
export type ChatMessage = Static<typeof S.ChatMessage>;
export type ChatParticipant = Static<typeof S.ChatParticipant>;
/** Spec §3 chat (one member↔admin conversation). `unreadCount` is for the caller. */
export type ChatSummary = Static<typeof S.ChatSummary>;
/** The member beside an admin's inbox conversation (contract §9). */
export type InboxMember = Static<typeof S.InboxMember>;
/** One stored chat event as `GET /api/chat/events` returns it (redacted for the caller). */
export type ChatEventRecord = Static<typeof S.ChatEventRecord>;
export type ChatMessageList = Static<typeof S.ChatMessageList>;
export type ChatMessageResponse = Static<typeof S.ChatMessageResponse>;
export type ChatResponse = Static<typeof S.ChatResponse>;
export type ChatList = Static<typeof S.ChatList>;
export type ChatEventList = Static<typeof S.ChatEventList>;
export type ChatWithAdminResponse = Static<typeof S.ChatWithAdminResponse>;
export type ChatPageQuery = Static<typeof S.ChatPageQuery>;
export type ChatQuery = Static<typeof S.ChatQuery>;
export type ChatEventsQuery = Static<typeof S.ChatEventsQuery>;
export type ChatPostBody = Static<typeof S.ChatPostBody>;
export type ChatEditBody = Static<typeof S.ChatEditBody>;
export type ChatHideBody = Static<typeof S.ChatHideBody>;
export type ChatParams = Static<typeof S.ChatParams>;
/** The socket's `chat:event` payload (realtime.ts). */
export type ChatEventPayload = Static<typeof S.ChatEventPayload>;
/** The socket's `presence:changed` payload (realtime.ts). */
export type PresencePayload = Static<typeof S.PresencePayload>;

/* Signals (contract §8). */

/** A signal as one viewer may see it. */
export type Signal = Static<typeof S.Signal>;
export type SignalChanges = Static<typeof S.SignalChanges>;
export type SignalTimelineEntry = Static<typeof S.SignalTimelineEntry>;
/** The socket's `signal:event` payload (realtime.ts), and one item of `GET /signals/events`. */
export type SignalEventPayload = Static<typeof S.SignalEventPayload>;
export type SignalMonth = Static<typeof S.SignalMonth>;
export type SignalResponse = Static<typeof S.SignalResponse>;
export type SignalList = Static<typeof S.SignalList>;
export type SignalDetail = Static<typeof S.SignalDetail>;
export type SignalStats = Static<typeof S.SignalStats>;
export type SignalEventList = Static<typeof S.SignalEventList>;
export type SignalOpenBody = Static<typeof S.SignalOpenBody>;
export type SignalPatchBody = Static<typeof S.SignalPatchBody>;
export type SignalCloseBody = Static<typeof S.SignalCloseBody>;
export type SignalListQuery = Static<typeof S.SignalListQuery>;
export type SignalEventsQuery = Static<typeof S.SignalEventsQuery>;
export type SignalLedgerCommitments = Static<typeof S.SignalLedgerCommitments>;
export type SignalLedgerReveal = Static<typeof S.SignalLedgerReveal>;
/** One event of the public ledger (`GET /signals/ledger`), as this viewer may see its reveal. */
export type SignalLedgerEntry = Static<typeof S.SignalLedgerEntry>;
export type SignalLedgerPage = Static<typeof S.SignalLedgerPage>;
export type SignalLedgerCheckpoints = Static<typeof S.SignalLedgerCheckpoints>;
export type SignalAuthorRecord = Static<typeof S.SignalAuthorRecord>;

/** The socket's `payment:decided` payload (realtime.ts). */
export type PaymentDecidedPayload = Static<typeof S.PaymentDecidedPayload>;
/** The socket's `membership:changed` payload (realtime.ts, contract §9). */
export type MembershipChangedPayload = Static<typeof S.MembershipChangedPayload>;

/**
 * What the API gives the web app's server render for the public pages (web/src/app/server-context.ts):
 * each read as a guest's browser would get it from the REST call named.
 */
export interface PublicReads {
  /** GET /api/signals with these filters, as a guest. */
  signals(query: { status: 'open' | 'closed' | 'all'; limit?: number }): Promise<SignalList>;
  /** GET /api/signals/stats. */
  signalStats(): Promise<SignalStats>;
  /** GET /api/history: the first page. */
  history(): Promise<HistoryListResponse>;
  /** GET /api/chat/public: the room's newest page and its settings (slow mode, the pinned message), as a guest. */
  publicChat(): Promise<ChatMessageList>;
}

/* Notifications outside the tab (contract §14). */

export type PushPublicKey = Static<typeof S.PushPublicKey>;
export type PushSubscriptionBody = Static<typeof S.PushSubscriptionBody>;
export type PushDevice = Static<typeof S.PushDevice>;
export type PushDeviceList = Static<typeof S.PushDeviceList>;
export type NotificationPreferences = Static<typeof S.NotificationPreferences>;
export type NotificationPreferencesBody = Static<typeof S.NotificationPreferencesBody>;
export type PushPayload = Static<typeof S.PushPayload>;

/* Moderation of the live room (contract §13). */

export type RoomView = Static<typeof S.RoomView>;
export type PersonRef = Static<typeof S.PersonRef>;
export type Report = Static<typeof S.Report>;
export type ReportInQueue = Static<typeof S.ReportInQueue>;
export type ReportReceipt = Static<typeof S.ReportReceipt>;
export type ReportList = Static<typeof S.ReportList>;
export type ModerationTimeout = Static<typeof S.Timeout>;
export type TimeoutList = Static<typeof S.TimeoutList>;
export type ModerationLogEntry = Static<typeof S.ModerationLogEntry>;
export type ModerationLog = Static<typeof S.ModerationLog>;
export type ResolveReportBody = Static<typeof S.ResolveReportBody>;
export type RoomBody = Static<typeof S.RoomBody>;
export type ModerationReportPayload = Static<typeof S.ModerationReportPayload>;
export type ModerationCountPayload = Static<typeof S.ModerationCountPayload>;
export type UserRestrictedPayload = Static<typeof S.UserRestrictedPayload>;
