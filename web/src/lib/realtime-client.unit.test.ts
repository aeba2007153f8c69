import { REALTIME_TEXT } from '@le/contracts';
import { describe, expect, it } from 'vitest';

import { realtimeReason } from './realtime-client';

describe('realtimeReason', () => {
  it('turns socket.io disconnect reasons and connect errors into the spec §8 realtime messages', () => {
    expect(realtimeReason('io server disconnect')).toBe(REALTIME_TEXT.disconnected);
    expect(realtimeReason('io client disconnect')).toBe('socket has been disconnected');
    expect(realtimeReason('ping timeout')).toBe('ping timeout');
    expect(realtimeReason('transport close')).toBe('transport close');
    expect(realtimeReason('transport error')).toBe('transport close');
    expect(realtimeReason('timeout')).toBe('timeout');
    expect(realtimeReason('operation has timed out')).toBe('operation has timed out');
    expect(realtimeReason('xhr poll error')).toBe('server error');
    expect(realtimeReason('websocket error')).toBe('server error');
  });
});
