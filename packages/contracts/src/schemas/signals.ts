/** Signals (contract §8): the live buy/sell feed, its timeline, its record and its socket payload. */
import { Type } from 'typebox';
import { SIGNAL_EVENT_TYPES, SIGNAL_LEDGER, SIGNAL_OUTCOMES, SIGNAL_RULES, SIGNAL_SIDES, SIGNAL_STATUSES } from '../constants';
import { Cursor, NullableString } from './common';

const SignalSide = Type.Enum(SIGNAL_SIDES);
const SignalEventType = Type.Enum(SIGNAL_EVENT_TYPES);
const NullableNumber = Type.Union([Type.Number(), Type.Null()]);

/** A signal as one viewer may see it: levels `null` while open for those without them, `analysis` only for experts and admins. */
export const Signal = Type.Object({
  _id: Type.String(),
  /** The signal's last event. */
  seq: Type.Integer(),
  symbol: Type.Literal('XAUUSD'),
  side: Type.Union([SignalSide, Type.Null()]),
  entry: NullableNumber,
  stopLoss: NullableNumber,
  takeProfits: Type.Union([Type.Array(Type.Number()), Type.Null()]),
  analysis: NullableString,
  status: Type.Enum(SIGNAL_STATUSES),
  openedAt: Type.String(),
  updatedAt: Type.String(),
  closedAt: NullableString,
  exitPrice: NullableNumber,
  outcome: Type.Union([Type.Enum(SIGNAL_OUTCOMES), Type.Null()]),
  pips: NullableNumber,
  author: Type.Object({ _id: Type.String(), name: Type.String() }),
});

/** What one event changed, as this viewer may see it (levels `null` and no analysis where the signal hides them). */
export const SignalChanges = Type.Object({
  side: Type.Optional(Type.Union([SignalSide, Type.Null()])),
  entry: Type.Optional(NullableNumber),
  stopLoss: Type.Optional(NullableNumber),
  takeProfits: Type.Optional(Type.Union([Type.Array(Type.Number()), Type.Null()])),
  analysis: Type.Optional(NullableString),
  exitPrice: Type.Optional(NullableNumber),
  outcome: Type.Optional(Type.Union([Type.Enum(SIGNAL_OUTCOMES), Type.Null()])),
  pips: Type.Optional(NullableNumber),
});

/** One entry of a signal's timeline. */
export const SignalTimelineEntry = Type.Object({
  seq: Type.Integer(),
  type: SignalEventType,
  at: Type.String(),
  changes: SignalChanges,
});

/** `signal:event` and each item of `GET /signals/events`: the signal as it was after the event, as this recipient may see it. */
export const SignalEventPayload = Type.Object({
  seq: Type.Integer(),
  type: SignalEventType,
  at: Type.String(),
  signal: Signal,
});

export const SignalMonth = Type.Object({
  month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }),
  closed: Type.Integer(),
  wins: Type.Integer(),
  pips: Type.Number(),
});

/* Responses. */

export const SignalResponse = Type.Object({ signal: Signal });
export const SignalList = Type.Object({ signals: Type.Array(Signal), nextCursor: Cursor });
export const SignalDetail = Type.Object({ signal: Signal, events: Type.Array(SignalTimelineEntry) });
export const SignalAuthorRecord = Type.Object({
  author: Type.Object({ _id: Type.String(), name: Type.String() }),
  closed: Type.Integer(),
  wins: Type.Integer(),
  pips: Type.Number(),
  /** Mean pips per closed signal. */
  expectancy: Type.Number(),
});

export const SignalStats = Type.Object({
  closed: Type.Integer(),
  wins: Type.Integer(),
  losses: Type.Integer(),
  breakeven: Type.Integer(),
  cancelled: Type.Integer(),
  winRate: NullableNumber,
  /** The 95% Wilson score interval of the win rate, [low, high]; null when nothing closed. */
  winRateInterval: Type.Union([Type.Tuple([Type.Number(), Type.Number()]), Type.Null()]),
  pips: Type.Number(),
  /** Mean pips per closed signal. */
  expectancy: NullableNumber,
  /** Mean R multiple: pips over the risk each signal opened with. */
  averageR: NullableNumber,
  /** Winning pips over the size of losing pips; null without a loss. */
  profitFactor: NullableNumber,
  /** The largest fall of cumulative pips from an earlier peak (the start counts as one). */
  maxDrawdown: Type.Number(),
  longestLosingStreak: Type.Integer(),
  averageHoldMinutes: NullableNumber,
  byMonth: Type.Array(SignalMonth),
  byAuthor: Type.Array(SignalAuthorRecord),
  /** Cumulative pips after each close, oldest first: the equity curve. */
  curve: Type.Array(Type.Object({ at: Type.String(), pips: Type.Number() })),
});
export const SignalEventList = Type.Object({ events: Type.Array(SignalEventPayload) });

/** sha256 hex digests committing to an event's levels and analysis as they stand after it. */
export const SignalLedgerCommitments = Type.Object({ levels: Type.String(), analysis: Type.String() });

/** The salt and what it committed to: once the signal is finished, or for viewers who see it while open (analysis only for those who may read it). */
export const SignalLedgerReveal = Type.Object({
  salt: Type.String(),
  side: SignalSide,
  entry: Type.Number(),
  stopLoss: Type.Number(),
  takeProfits: Type.Array(Type.Number()),
  analysis: Type.Optional(NullableString),
});

/** One event of the `signals` stream in its public form, with its place in the hash chain. */
export const SignalLedgerEntry = Type.Object({
  seq: Type.Integer(),
  type: SignalEventType,
  at: Type.String(),
  signalId: Type.String(),
  status: Type.Enum(SIGNAL_STATUSES),
  exitPrice: NullableNumber,
  outcome: Type.Union([Type.Enum(SIGNAL_OUTCOMES), Type.Null()]),
  pips: NullableNumber,
  author: Type.Object({ _id: Type.String(), name: Type.String() }),
  commitments: SignalLedgerCommitments,
  prevHash: Type.String(),
  hash: Type.String(),
  reveal: Type.Optional(SignalLedgerReveal),
});

export const SignalLedgerHead = Type.Object({ seq: Type.Integer(), hash: Type.String() });
export const SignalLedgerPage = Type.Object({ entries: Type.Array(SignalLedgerEntry), head: SignalLedgerHead });
export const SignalLedgerCheckpoints = Type.Object({
  checkpoints: Type.Array(Type.Object({ date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), seq: Type.Integer(), hash: Type.String() })),
});

/* Requests. Prices are checked further by `levelsProblem` (2 decimals, the order of the levels). */

const Price = Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: SIGNAL_RULES.priceMax });
const TakeProfits = Type.Array(Price, { minItems: 1, maxItems: SIGNAL_RULES.maxTakeProfits });
const Analysis = Type.Union([Type.String({ maxLength: SIGNAL_RULES.analysisMax }), Type.Null()]);

export const SignalOpenBody = Type.Object(
  { side: SignalSide, entry: Price, stopLoss: Price, takeProfits: TakeProfits, analysis: Type.Optional(Analysis) },
  { additionalProperties: false },
);
export const SignalPatchBody = Type.Object(
  { stopLoss: Type.Optional(Price), takeProfits: Type.Optional(TakeProfits), analysis: Type.Optional(Analysis) },
  { additionalProperties: false, minProperties: 1 },
);
export const SignalCloseBody = Type.Object({ exitPrice: Price }, { additionalProperties: false });

export const SignalListQuery = Type.Object({
  status: Type.Optional(Type.Enum(['open', 'closed', 'all'])),
  side: Type.Optional(Type.Enum(SIGNAL_SIDES)),
  /** The `nextCursor` of the page before: the seq the signal opened at. */
  before: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: SIGNAL_RULES.pageMax })),
});
export const SignalLedgerQuery = Type.Object({
  after: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: SIGNAL_LEDGER.pageMax })),
});
export const SignalEventsQuery = Type.Object({
  after: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});
