import type { NotificationPreferences, PushDevice, PushDeviceList, PushPublicKey, PushSubscriptionBody } from '@le/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, apiRequest } from '@/lib/api-client';
import { notificationKeys } from './keys';

/** GET /push/public-key: the server's VAPID key (base64url) the browser subscribes with. */
export const getPublicKey = () => api.get<PushPublicKey>('/push/public-key', { auth: false });

/** POST /push/subscriptions: this browser's subscription, for the signed-in session (201, or 200 when known). */
export const saveSubscription = (body: PushSubscriptionBody) => api.post<{ subscription: PushDevice }>('/push/subscriptions', body);

/** DELETE /push/subscriptions: this browser's endpoint stops receiving (204). */
export const deleteSubscription = (endpoint: string) => apiRequest<void>('/push/subscriptions', { method: 'DELETE', body: { endpoint } });

/** DELETE /push/subscriptions/:id: one of the caller's other devices stops receiving. */
export const deleteDevice = (id: string) => api.delete<void>(`/push/subscriptions/${encodeURIComponent(id)}`);

/** POST /push/test: one notification to the caller's devices (202). */
export const sendTest = () => api.post<void>('/push/test');

export const getDevices = (signal?: AbortSignal) => api.get<PushDeviceList>('/push/subscriptions', { signal });

export const getPreferences = (signal?: AbortSignal) => api.get<{ preferences: NotificationPreferences }>('/notifications/preferences', { signal });

export const putPreferences = (changes: Partial<NotificationPreferences>) => api.put<{ preferences: NotificationPreferences }>('/notifications/preferences', changes);

/** The devices that receive the caller's notifications (this one marked `current`). */
export const useDevices = (enabled = true) =>
  useQuery({ queryKey: notificationKeys.devices(), queryFn: async ({ signal }) => (await getDevices(signal)).subscriptions, staleTime: 0, enabled });

export const usePreferences = () => useQuery({ queryKey: notificationKeys.preferences(), queryFn: async ({ signal }) => (await getPreferences(signal)).preferences });

/** One switch: shown at once, put back if the server refuses. */
export const useSetPreference = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putPreferences,
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.preferences() });
      const before = queryClient.getQueryData<NotificationPreferences>(notificationKeys.preferences());
      if (before) queryClient.setQueryData<NotificationPreferences>(notificationKeys.preferences(), { ...before, ...changes });
      return { before };
    },
    onError: (_error, _changes, context) => {
      if (context?.before) queryClient.setQueryData(notificationKeys.preferences(), context.before);
    },
    onSuccess: ({ preferences }) => queryClient.setQueryData(notificationKeys.preferences(), preferences),
  });
};

export const useRemoveDevice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDevice,
    onSuccess: (_nothing, id) => {
      queryClient.setQueryData<PushDevice[]>(notificationKeys.devices(), (devices) => devices?.filter((device) => device._id !== id));
      void queryClient.invalidateQueries({ queryKey: notificationKeys.devices() });
    },
  });
};
