import { RuleError, SeqTakenError } from '@le/event-kit';
import { describe, expect, it } from 'vitest';
import { asRuleError, badRequest, conflict, failed, forbidden, notFound, statusOf, tooLarge, tooManyRequests, unauthorized, unavailable, unsupportedType } from './errors';

describe('refusals become statuses in one place', () => {
  it('each kind has its status', () => {
    const cases = [
      [badRequest('x'), 400],
      [unauthorized(), 401],
      [forbidden(), 403],
      [notFound(), 404],
      [conflict('x'), 409],
      [tooLarge('x', 'X'), 413],
      [unsupportedType('x', 'X'), 415],
      [tooManyRequests('x', 3), 429],
      [failed('x', 'X'), 500],
      [unavailable('x', 'X'), 503],
    ] as const;
    for (const [refusal, status] of cases) expect([refusal.kind, statusOf(asRuleError(refusal)!)]).toEqual([refusal.kind, status]);
  });

  it("the cores' rule errors keep their message and code; a stream lost to other writers is a 409 to retry", () => {
    const rule = asRuleError(new RuleError('forbidden', 'You can only delete your own messages.', 'NOT_OWNER'))!;
    expect([statusOf(rule), rule.message, rule.code]).toEqual([403, 'You can only delete your own messages.', 'NOT_OWNER']);
    const busy = asRuleError(new SeqTakenError('global', 7))!;
    expect([statusOf(busy), busy.code, busy.message]).toEqual([409, 'STREAM_BUSY', 'The chat is busy. Please try again.']);
    const signals = asRuleError(new SeqTakenError('signals', 3))!;
    expect([statusOf(signals), signals.code, signals.message]).toEqual([409, 'STREAM_BUSY', 'The signals are busy. Please try again.']);
  });

  it('anything else is not a refusal (the handler answers 500 without its text)', () => {
    expect(asRuleError(new Error('ENOSPC: no space left'))).toBeNull();
    expect(asRuleError('a string')).toBeNull();
  });
});
