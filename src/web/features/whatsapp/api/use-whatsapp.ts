import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  type NotifyInput,
  type SimulateMessageInput,
  WHATSAPP_LOG_SIZE,
  type WhatsAppMessage,
} from '../../../../shared/whatsapp.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';
import { connectMessageStream, mergeMessage, type StreamState } from '../message-stream.ts';

export const whatsappKeys = {
  all: ['whatsapp'] as const,
  messages: ['whatsapp', 'messages'] as const,
  pending: ['whatsapp', 'pending-appointments'] as const,
  status: ['whatsapp', 'status'] as const,
};

/** product §7 messages: the 10 latest WhatsApp messages. */
export function useWhatsAppMessages(enabled: boolean) {
  return useQuery({
    queryKey: whatsappKeys.messages,
    queryFn: async ({ signal }): Promise<WhatsAppMessage[]> =>
      (
        await unwrap(
          api.admin.whatsapp.messages.$get(
            { query: { limit: String(WHATSAPP_LOG_SIZE) } },
            { init: { signal } },
          ),
        )
      ).items,
    enabled,
    retry: false,
  });
}

/** Keeps the log's query live over SSE (message-stream.ts); returns the connection's state. */
export function useMessageStream(enabled: boolean): StreamState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<StreamState>({ status: 'connecting' });
  useEffect(() => {
    if (!enabled) return;
    return connectMessageStream({
      url: '/api/admin/whatsapp/messages/stream',
      onMessage: (message) =>
        queryClient.setQueryData<WhatsAppMessage[]>(whatsappKeys.messages, (list = []) =>
          mergeMessage(list, message, WHATSAPP_LOG_SIZE),
        ),
      onReconnected: () => void queryClient.invalidateQueries({ queryKey: whatsappKeys.messages }),
      onState: setState,
    });
  }, [enabled, queryClient]);
  return state;
}

export function usePendingAppointments(enabled: boolean) {
  return useQuery({
    queryKey: whatsappKeys.pending,
    queryFn: async ({ signal }) =>
      (await unwrap(api.admin.whatsapp['pending-appointments'].$get({}, { init: { signal } }))).items,
    enabled,
  });
}

/** POST /api/admin/whatsapp/simulate: a vendor message through the webhook's handler. */
export function useSimulateMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SimulateMessageInput) => unwrap(api.admin.whatsapp.simulate.$post({ json: input })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: whatsappKeys.pending }),
  });
}

/** POST /api/admin/whatsapp/notify: send-whatsapp-notification or the test notification. */
export function useSendNotification() {
  return useMutation({
    mutationFn: (input: NotifyInput) => unwrap(api.admin.whatsapp.notify.$post({ json: input })),
  });
}

export function useWhatsAppStatus(enabled: boolean) {
  return useQuery({
    queryKey: whatsappKeys.status,
    queryFn: ({ signal }) => unwrap(api.admin.whatsapp.status.$get({}, { init: { signal } })),
    enabled,
  });
}

export function useSelfTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.admin.whatsapp['self-test'].$post()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: whatsappKeys.status }),
  });
}
