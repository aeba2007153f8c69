import type { ModerationTimeout, ReportReceipt, RoomView } from '@le/contracts';

import { api } from '@/lib/api-client';

/** POST /chat/:messageId/report {reason} → 201 {report} (contract §13: anyone signed in, once, never one's own). */
export const reportMessage = (messageId: string, reason: string) =>
  api.post<{ report: ReportReceipt }>(`/chat/${encodeURIComponent(messageId)}/report`, { reason });

/** POST /moderation/timeouts (admins). */
export const timeOutUser = (userId: string, minutes: number, reason: string) =>
  api.post<{ timeout: ModerationTimeout }>('/moderation/timeouts', { userId, minutes, reason });

/** PUT /moderation/room (admins): the pinned message (one at a time), slow mode. */
export const updateRoom = (body: { slowModeSeconds?: number; pinnedMessageId?: string | null }) => api.put<{ room: RoomView }>('/moderation/room', body);

/** The room's settings beside its newest message (`GET /chat/public` or `GET /chat` carry `room`). */
export const getRoom = async (signedIn: boolean, signal?: AbortSignal): Promise<RoomView> =>
  (await api.get<{ room?: RoomView }>(signedIn ? '/chat?limit=1' : '/chat/public?limit=1', { signal })).room ?? { slowModeSeconds: 0, pinnedMessage: null };
