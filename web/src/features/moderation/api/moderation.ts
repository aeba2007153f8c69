import type {
  ModerationLog,
  ModerationTimeout,
  ReportList,
  ReportReceipt,
  ResolveReportBody,
  RoomBody,
  RoomView,
  TimeoutList,
  Report,
} from '@le/contracts';
import type { ModerationAction } from '@le/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { cursorPaging } from '@/lib/paged-list';

/** The moderation feature's query keys (contract §13). */
export const moderationKeys = {
  all: ['moderation'] as const,
  reports: (status: 'open' | 'resolved') => ['moderation', 'reports', status] as const,
  timeouts: () => ['moderation', 'timeouts'] as const,
  room: () => ['moderation', 'room'] as const,
  filters: () => ['moderation', 'filters'] as const,
  log: (action: ModerationAction | null) => ['moderation', 'log', action ?? 'all'] as const,
};

export const getReports = (status: 'open' | 'resolved', before: string | null, signal?: AbortSignal) =>
  api.get<ReportList>(`/moderation/reports?status=${status}&limit=20${before ? `&before=${encodeURIComponent(before)}` : ''}`, { signal });

/** The open count alone (the top bar's first read; the socket keeps it live). */
export const getOpenReportCount = async (signal?: AbortSignal): Promise<number> =>
  (await api.get<ReportList>('/moderation/reports?status=open&limit=1', { signal })).openCount;

export const useReports = (status: 'open' | 'resolved') =>
  useInfiniteQuery({
    queryKey: moderationKeys.reports(status),
    queryFn: ({ pageParam, signal }) => getReports(status, pageParam, signal),
    ...cursorPaging,
  });

export const useTimeouts = () =>
  useQuery({ queryKey: moderationKeys.timeouts(), queryFn: ({ signal }) => api.get<TimeoutList>('/moderation/timeouts', { signal }) });

/** The room's settings as an admin sees them, read from the room's own list (contract §13). */
export const useRoom = () =>
  useQuery({
    queryKey: moderationKeys.room(),
    queryFn: async ({ signal }) => (await api.get<{ room?: RoomView }>('/chat?limit=1', { signal })).room ?? { slowModeSeconds: 0, pinnedMessage: null },
  });

export const useFilters = () =>
  useQuery({ queryKey: moderationKeys.filters(), queryFn: ({ signal }) => api.get<{ blockedTerms: string[] }>('/moderation/filters', { signal }) });

export const useModerationLog = (action: ModerationAction | null) =>
  useInfiniteQuery({
    queryKey: moderationKeys.log(action),
    queryFn: ({ pageParam, signal }) =>
      api.get<ModerationLog>(`/moderation/log?limit=50${action ? `&action=${action}` : ''}${pageParam ? `&before=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    ...cursorPaging,
  });

/** Every write changes the log and maybe the queue, the timeouts and the room: read them again. */
const useModerationWrite = <I, O>(write: (input: I) => Promise<O>) => {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSettled: () => client.invalidateQueries({ queryKey: moderationKeys.all }) });
};

export const useResolveReport = () =>
  useModerationWrite(({ id, ...body }: ResolveReportBody & { id: string }) => api.post<{ report: Report }>(`/moderation/reports/${id}/resolve`, body));

export const useTimeOut = () =>
  useModerationWrite((body: { userId: string; minutes: number; reason: string }) => api.post<{ timeout: ModerationTimeout }>('/moderation/timeouts', body));

export const useLiftTimeout = () => useModerationWrite((userId: string) => api.delete<null>(`/moderation/timeouts/${userId}`));

export const useUpdateRoom = () => useModerationWrite((body: RoomBody) => api.put<{ room: RoomView }>('/moderation/room', body));

export const useSetFilters = () =>
  useModerationWrite((blockedTerms: string[]) => api.put<{ blockedTerms: string[] }>('/moderation/filters', { blockedTerms }));

export type { ReportReceipt };
