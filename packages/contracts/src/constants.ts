/** Business constants of spec §9. Every number the product uses lives here once. */

export const ROLES = ['admin', 'member', 'trial', 'guest'] as const;
export type Role = (typeof ROLES)[number];

export const PAID_TIERS = ['basic', 'pro', 'expert'] as const;
export type PaidTier = (typeof PAID_TIERS)[number];

/** Tier text as stored on a user; "None" is the spec's tier for nobody-in-particular. */
export const TIERS = ['trial', 'basic', 'pro', 'expert', 'None', 'admin'] as const;
export type Tier = (typeof TIERS)[number];

export const DURATIONS = ['monthly', 'yearly'] as const;
export type Duration = (typeof DURATIONS)[number];

/** Prices in Rupiah. */
export const PRICES = {
  basic: { monthly: 50_000, yearly: 500_000 },
  pro: { monthly: 100_000, yearly: 1_000_000 },
  expert: { monthly: 200_000, yearly: 2_000_000 },
} as const satisfies Record<PaidTier, Record<Duration, number>>;

export const PAYMENT_STATUSES = ['approved', 'pending', 'rejected'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const LIMITS = {
  resetCodeLength: 6,
  resendCooldownMs: 60_000,
  codeLifetimeMs: 10 * 60_000,
  codeMaxAttempts: 5,
  redirectAfterResetMs: 2_000,
  profileNoticeMs: 5_000,
  editWindowMs: 5 * 60_000,
  chatListPollMs: 2_000,
  conversationPollMs: 5_000,
  heartbeatMs: 30_000,
  pageVisitDedupMs: 1_000,
  replyPreviewChars: 50,
  jpegQuality: 0.9,
  mobileBreakpointPx: 768,
  chatCardHeightPx: 600,
  chartHeightPx: 500,
  passwordMin: 8,
  passwordMax: 128,
  nameMax: 100,
  usernameMin: 3,
  usernameMax: 30,
  emailMax: 254,
  messageMaxChars: 2_000,
  uploadMaxBytes: 5 * 1024 * 1024,
  /** A browser session counts as online while its last heartbeat is younger than this. */
  presenceTtlMs: 75_000,
  /** History posts: title and description lengths after trimming, and page sizes. */
  historyTitleMax: 200,
  historyDescriptionMax: 5_000,
  historyPageSize: 12,
  historyPageMax: 50,
  /** How long the live chart waits for the TradingView script before showing the fallback. */
  chartLoadTimeoutMs: 8_000,
  /** The largest amount an admin may approve (Rp 100 million): a typo guard, not a business rule. */
  customAmountMax: 100_000_000,
} as const;

/**
 * What counts as an email address, for the API and the forms alike: something@something, no
 * spaces. Deliberately loose (admin@localhost is valid); the mailed code proves the address.
 */
/**
 * A plain mailbox (contract §10): no whitespace, no control characters and none of
 * `< > ( ) [ ] \ , ; : "`, which would let a display name or a second address ride along.
 */
const MAILBOX_CHAR = '[^\\s@<>()\\[\\]\\\\,;:"\\u0000-\\u001f\\u007f]';
export const EMAIL_PATTERN = `^${MAILBOX_CHAR}+@${MAILBOX_CHAR}+$`;

export const CHART_INTERVALS = [
  { label: '30 Menit', value: '30' },
  { label: '1 Jam', value: '60' },
  { label: '4 Jam', value: '240' },
] as const;
export const DEFAULT_CHART_INTERVAL = '60';

export const REALTIME_CLIENT_OPTIONS = {
  path: '/socket.io',
  timeout: 20_000,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Infinity,
} as const;

export const CROPPER_DEFAULTS = {
  autoCropArea: 0.8,
  wheelZoomRatio: 0.1,
  minContainerWidth: 200,
  minContainerHeight: 100,
} as const;

export const BREAKPOINTS = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 } as const;
export const NAVBAR_Z_INDEX = 1030;

/** The chat's event types (contract §6): past tense, one per fact the chat's log records. */
export const CHAT_EVENT_TYPES = [
  'message.posted',
  'message.edited',
  'message.hidden',
  'message.unhidden',
  'message.deleted',
  'chat.read',
  /** The room's settings changed (slow mode, the pinned message): on the global stream (contract §13). */
  'room.updated',
] as const;
export type ChatEventType = (typeof CHAT_EVENT_TYPES)[number];

/** Moderation of the live room (contract §13): every bound once. */
export const MODERATION = {
  reportReasonMax: 500,
  timeoutMinutesMin: 1,
  timeoutMinutesMax: 10_080,
  timeoutReasonMax: 500,
  /** The lengths the queue and the message menu offer; any other in minutes is "custom". */
  timeoutPresetsMinutes: [10, 60, 1_440],
  slowModeSecondsMax: 3_600,
  blockedTermsMax: 500,
  blockedTermMaxChars: 100,
  hideReasonMax: 200,
  logPageSize: 50,
  reportsPageSize: 20,
  /** The messages shown before and after a reported one in the queue. */
  contextMessages: 3,
} as const;

/** What an admin does with an open report (contract §13). */
export const REPORT_ACTIONS = ['dismiss', 'hide', 'timeout'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** Every action the moderation log holds (contract §13), filterable by these names. */
export const MODERATION_ACTIONS = [
  'message.hidden',
  'message.unhidden',
  'message.deleted',
  'timeout.set',
  'timeout.lifted',
  'room.slow_mode',
  'room.pinned',
  'room.unpinned',
  'filters.changed',
  'report.resolved',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/**
 * Phrases an admin may add to the blocked terms with one click: touts' promises of profit, which
 * Indonesian rules forbid in advertising investments. The list starts empty; these are offered only.
 */
export const SUGGESTED_BLOCKED_TERMS = [
  'pasti profit',
  'pasti untung',
  'profit pasti',
  'untung pasti',
  'dijamin profit',
  'dijamin untung',
  'profit dijamin',
  'tanpa loss',
  'anti loss',
  'bebas rugi',
  'modal kembali',
  'guaranteed profit',
  'risk free',
  'no loss',
] as const;

/** Signals (contract §8): the live buy/sell feed on gold. */
export const SIGNAL_SYMBOL = 'XAUUSD';
/** How screens, notices and pushes write the symbol (the API's `symbol` stays XAUUSD). */
export const SIGNAL_SYMBOL_LABEL = 'XAU/USD';
export const SIGNAL_SIDES = ['buy', 'sell'] as const;
export type SignalSide = (typeof SIGNAL_SIDES)[number];
export const SIGNAL_STATUSES = ['open', 'closed', 'cancelled'] as const;
export type SignalStatus = (typeof SIGNAL_STATUSES)[number];
export const SIGNAL_OUTCOMES = ['tp', 'sl', 'manual', 'cancelled'] as const;
export type SignalOutcome = (typeof SIGNAL_OUTCOMES)[number];
/** The signals' event types (contract §8), one per fact the record keeps. */
export const SIGNAL_EVENT_TYPES = ['signal.opened', 'signal.updated', 'signal.closed', 'signal.cancelled'] as const;
export type SignalEventType = (typeof SIGNAL_EVENT_TYPES)[number];
export const SIGNAL_RULES = {
  /** 1 pip = 0.10 USD on XAU/USD. */
  pipSize: 0.1,
  /** Prices are above 0 and below this, with at most 2 decimals. */
  priceMax: 1_000_000,
  maxTakeProfits: 3,
  analysisMax: 5_000,
  /** A signal may be cancelled only this long after it opened; later it is closed at a price. */
  cancelWindowMs: 5 * 60_000,
  pageSize: 20,
  pageMax: 100,
} as const;

/**
 * Notifications outside the tab (contract §14): the kinds a user switches on and off, in the
 * order the settings card lists them. For admins, `adminMessages` also covers a member's new
 * message to the admins and `membership` a new payment proof.
 */
export const NOTIFICATION_KINDS = ['signalOpened', 'signalUpdated', 'signalClosed', 'replies', 'adminMessages', 'membership'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const PUSH_RULES = {
  /** Seconds a push service keeps a signal's notification for an offline device (a signal is worth minutes). */
  signalTtlSeconds: 3_600,
  /** Seconds for every other kind. */
  otherTtlSeconds: 86_400,
  /** Longest accepted subscription endpoint and key strings. */
  endpointMax: 2_048,
  keyMax: 256,
  /** Subscriptions one user may hold (devices); the oldest goes when a new one exceeds it. */
  perUserMax: 20,
  /** Tries of one delivery on 429 or 5xx, and the first back-off (doubled each time, or the push service's Retry-After). */
  tries: 4,
  firstBackoffMs: 1_000,
  /** Deliveries in flight at once per API process. */
  concurrency: 32,
  /** How long one push request may take. */
  requestTimeoutMs: 10_000,
} as const;

/** The signals' public ledger (contract §8): each event's public form chained by SHA-256. */
export const SIGNAL_LEDGER = {
  /** The `prevHash` of seq 1. */
  genesisHash: '0'.repeat(64),
  /** Random hex characters of each event's salt. */
  saltLength: 32,
  pageMax: 500,
} as const;
