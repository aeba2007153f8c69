/** Moderation of the live room (contract §13): reports, timeouts, the room, blocked terms, the log. */
import { Type } from 'typebox';
import { MODERATION, MODERATION_ACTIONS, REPORT_ACTIONS } from '../constants';
import { ChatMessage, RoomView } from './chat';
import { Cursor, NullableString, ObjectId } from './common';

/** Someone named in a moderation record: an admin, a reporter, a member. */
export const PersonRef = Type.Object({ _id: Type.String(), name: Type.String() });

export const ReportResolution = Type.Object({
  action: Type.Enum(REPORT_ACTIONS),
  by: PersonRef,
  at: Type.String(),
  reason: Type.Optional(NullableString),
  minutes: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
});

/** What the log says happened (contract §13). `target` names what was acted on. */
export const ModerationLogEntry = Type.Object({
  _id: Type.String(),
  at: Type.String(),
  action: Type.Enum(MODERATION_ACTIONS),
  actor: PersonRef,
  target: Type.Object({
    kind: Type.Enum(['message', 'user', 'room', 'filters']),
    /** The message's or the user's id; null for the room and the filters. */
    _id: NullableString,
    /** Words for the screen: the user's name, the message's first words, the new setting. */
    label: Type.String(),
  }),
  /** The user the action was against (a message's author, the timed-out user), or null. */
  userId: NullableString,
  reason: NullableString,
});

/** A report as admins see it (the reporter's identity is for admins only). */
export const Report = Type.Object({
  _id: Type.String(),
  /** The message as an admin sees it; null once it was deleted. */
  message: Type.Union([ChatMessage, Type.Null()]),
  reporter: PersonRef,
  reason: Type.String(),
  createdAt: Type.String(),
  status: Type.Enum(['open', 'resolved']),
  resolution: Type.Union([ReportResolution, Type.Null()]),
});

/** The queue's extra: the message in context and what was done against its author before. */
export const ReportInQueue = Type.Intersect([
  Report,
  Type.Object({
    context: Type.Object({ before: Type.Array(ChatMessage), after: Type.Array(ChatMessage) }),
    author: Type.Union([
      Type.Object({
        _id: Type.String(),
        name: Type.String(),
        role: Type.String(),
        membershipTier: Type.String(),
        timedOutUntil: NullableString,
        earlierActions: Type.Array(ModerationLogEntry),
      }),
      Type.Null(),
    ]),
  }),
]);

/** What a reporter gets back: their report, without anyone else's. */
export const ReportReceipt = Type.Object({
  _id: Type.String(),
  messageId: Type.String(),
  reason: Type.String(),
  createdAt: Type.String(),
  status: Type.Enum(['open', 'resolved']),
});

export const Timeout = Type.Object({
  userId: Type.String(),
  until: Type.String(),
  reason: Type.String(),
  by: PersonRef,
  /** The timed-out user's name, for the list of active timeouts. */
  user: Type.Optional(PersonRef),
});

/* Requests. */

export const ReportBody = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: MODERATION.reportReasonMax }) },
  { additionalProperties: false },
);
export const MessageIdParams = Type.Object({ messageId: ObjectId });
export const ReportsQuery = Type.Object({
  status: Type.Optional(Type.Enum(['open', 'resolved'])),
  before: Type.Optional(Type.String({ maxLength: 64 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export const ResolveReportBody = Type.Object(
  {
    action: Type.Enum(REPORT_ACTIONS),
    minutes: Type.Optional(Type.Integer({ minimum: MODERATION.timeoutMinutesMin, maximum: MODERATION.timeoutMinutesMax })),
    reason: Type.Optional(Type.Union([Type.String({ maxLength: MODERATION.timeoutReasonMax }), Type.Null()])),
  },
  { additionalProperties: false },
);
export const TimeoutBody = Type.Object(
  {
    userId: ObjectId,
    minutes: Type.Integer({ minimum: MODERATION.timeoutMinutesMin, maximum: MODERATION.timeoutMinutesMax }),
    reason: Type.String({ minLength: 1, maxLength: MODERATION.timeoutReasonMax }),
  },
  { additionalProperties: false },
);
export const UserIdParams = Type.Object({ userId: ObjectId });
export const RoomBody = Type.Object(
  {
    slowModeSeconds: Type.Optional(Type.Integer({ minimum: 0, maximum: MODERATION.slowModeSecondsMax })),
    pinnedMessageId: Type.Optional(Type.Union([ObjectId, Type.Null()])),
  },
  { additionalProperties: false },
);
export const FiltersBody = Type.Object(
  {
    blockedTerms: Type.Array(Type.String({ minLength: 1, maxLength: MODERATION.blockedTermMaxChars }), {
      maxItems: MODERATION.blockedTermsMax,
    }),
  },
  { additionalProperties: false },
);
export const ModerationLogQuery = Type.Object({
  before: Type.Optional(Type.String({ maxLength: 64 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  action: Type.Optional(Type.Enum(MODERATION_ACTIONS)),
});

/* Responses. */

export const ReportReceiptResponse = Type.Object({ report: ReportReceipt });
export const ReportResponse = Type.Object({ report: Report });
export const ReportList = Type.Object({ reports: Type.Array(ReportInQueue), nextCursor: Cursor, openCount: Type.Integer() });
export const TimeoutResponse = Type.Object({ timeout: Timeout });
export const TimeoutList = Type.Object({ timeouts: Type.Array(Timeout) });
export const RoomResponse = Type.Object({ room: RoomView });
export const FiltersResponse = Type.Object({ blockedTerms: Type.Array(Type.String()) });
export const ModerationLog = Type.Object({ entries: Type.Array(ModerationLogEntry), nextCursor: Cursor });

/* Socket payloads. */

/** `moderation:report`, to admins: a new report, and how many are open now. */
export const ModerationReportPayload = Type.Object({ report: Report, openCount: Type.Integer() });
/** `moderation:count`, to admins: how many reports are open now (after a report or a resolution). */
export const ModerationCountPayload = Type.Object({ openCount: Type.Integer() });
/** `user:restricted`, to the user's own sockets: a timeout started (its end) or ended (null). */
export const UserRestrictedPayload = Type.Object({ timedOutUntil: NullableString });
