import { ChatRuleError, StreamConflictError } from '@le/chat-core';
import { describe, expect, it } from 'vitest';
import { asRefusal, badRequest, conflict, failed, forbidden, notFound, statusOf, tooLarge, tooManyRequests, unauthorized, unavailable, unsupportedType } from './errors';

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
    for (const [refusal, status] of cases) expect([refusal.kind, statusOf(asRefusal(refusal)!)]).toEqual([refusal.kind, status]);
  });

  it("chat-core's rule errors keep their message and code; a stream lost to other writers is a 409 to retry", () => {
    const rule = asRefusal(new ChatRuleError('forbidden', 'You can only delete your own messages.', 'NOT_OWNER'))!;
    expect([statusOf(rule), rule.message, rule.code]).toEqual([403, 'You can only delete your own messages.', 'NOT_OWNER']);
    const busy = asRefusal(new StreamConflictError('global', 7))!;
    expect([statusOf(busy), busy.code]).toEqual([409, 'STREAM_BUSY']);
  });

  it('anything else is not a refusal (the handler answers 500 without its text)', () => {
    expect(asRefusal(new Error('ENOSPC: no space left'))).toBeNull();
    expect(asRefusal('a string')).toBeNull();
  });
});
