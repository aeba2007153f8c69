import type { SignalCloseBody, SignalOpenBody, SignalPatchBody, SignalResponse } from '@le/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { patchWrittenSignal } from './open-signals';

/** POST /signals (admin): 201 with the new open signal; 400 when the levels make no sense. */
export const openSignal = (body: SignalOpenBody) => api.post<SignalResponse>('/signals', body);

/** PATCH /signals/:id (admin): move the stop, change the targets, edit the analysis; 409 unless open. */
export const updateSignal = (id: string, body: SignalPatchBody) => api.patch<SignalResponse>(`/signals/${encodeURIComponent(id)}`, body);

/** POST /signals/:id/close (admin): closed at a price, its pips and outcome decided by the server; 409 unless open. */
export const closeSignal = (id: string, body: SignalCloseBody) =>
  api.post<SignalResponse>(`/signals/${encodeURIComponent(id)}/close`, body);

/** POST /signals/:id/cancel (admin): 409 unless open and at most 5 minutes old. */
export const cancelSignal = (id: string) => api.post<SignalResponse>(`/signals/${encodeURIComponent(id)}/cancel`);

/**
 * Every admin write answers with the signal: the lists and the open signals take it at once, in
 * place. The socket's `signal:event` for it follows (to this tab too), changes nothing more there,
 * and makes the timeline and the record stale once: nothing is read twice.
 */
const useSignalWrite = <Input>(write: (input: Input) => Promise<SignalResponse>) =>
  useMutation({
    mutationFn: write,
    onSuccess: ({ signal }) => patchWrittenSignal(signal),
  });

export const useOpenSignal = () => useSignalWrite(openSignal);
export const useUpdateSignal = () => useSignalWrite(({ id, ...body }: SignalPatchBody & { id: string }) => updateSignal(id, body));
export const useCloseSignal = () => useSignalWrite(({ id, exitPrice }: SignalCloseBody & { id: string }) => closeSignal(id, { exitPrice }));
export const useCancelSignal = () => useSignalWrite(({ id }: { id: string }) => cancelSignal(id));
