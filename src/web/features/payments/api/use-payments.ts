import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  AppointmentCheckout,
  PaymentSessionDetails,
  SandboxCheckout,
  SandboxCheckoutResult,
} from '../../../../shared/payment.schemas.ts';
import { ApiError, api, reasonOf, unwrap } from '../../../lib/api-client.ts';

/** How long /payment-success keeps asking while the provider's confirmation is on its way. */
export const PAYMENT_POLL_MS = 2_000;
export const PAYMENT_POLL_LIMIT = 30;

/** GET /api/payments/session/:sessionId: the booking behind a checkout (/payment-success). */
export function usePaymentSession(sessionId: string | undefined) {
  return useQuery({
    queryKey: ['payment-session', sessionId ?? ''],
    queryFn: ({ signal }): Promise<PaymentSessionDetails> =>
      unwrap(
        api.payments.session[':sessionId'].$get(
          { param: { sessionId: sessionId ?? '' } },
          { init: { signal } },
        ),
      ),
    enabled: Boolean(sessionId),
    // A 4xx is an answer (unknown or malformed session); a failure is tried once more.
    retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 1,
    // The webhook may land a moment after the customer does: ask again while it is awaited.
    refetchInterval: (query) =>
      query.state.data?.status === 'awaiting_payment' && query.state.dataUpdateCount < PAYMENT_POLL_LIMIT
        ? PAYMENT_POLL_MS
        : false,
  });
}

/**
 * GET /api/payments/appointment/:id: whether the checkout is still open, and its URL (/payment-cancel).
 * `token`: the booking page's, which the cancel URL carries; without it only the owner signed in is answered.
 */
export function useAppointmentCheckout(appointmentId: string | undefined, token: string | undefined) {
  return useQuery({
    queryKey: ['appointment-checkout', appointmentId ?? '', token ?? ''],
    queryFn: ({ signal }): Promise<AppointmentCheckout> =>
      unwrap(
        api.payments.appointment[':id'].$get(
          { param: { id: appointmentId ?? '' }, query: token ? { token } : {} },
          { init: { signal } },
        ),
      ),
    enabled: Boolean(appointmentId),
    retry: false,
  });
}

// The sandbox API exists only while the sandbox provider is in use (ARCHITECTURE §13), so it is not part
// of the typed API (AppType) and is called by hand, in the API's error shape.
async function sandboxCall<T>(path: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/sandbox/checkout/${path}`, init);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError('network_error', 'The server could not be reached.', 0, err);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) return body as T;
  const error = (
    body as { error?: { code?: string; message?: string; reason?: unknown; params?: unknown } } | undefined
  )?.error;
  throw new ApiError(
    error?.code ?? 'http_error',
    error?.message ?? `Request failed with status ${response.status}.`,
    response.status,
    undefined,
    error ? reasonOf(error) : {},
  );
}

export function useSandboxCheckout(sessionId: string | undefined) {
  return useQuery({
    queryKey: ['sandbox-checkout', sessionId ?? ''],
    queryFn: ({ signal }) => sandboxCall<SandboxCheckout>(encodeURIComponent(sessionId ?? ''), { signal }),
    enabled: Boolean(sessionId),
    retry: false,
  });
}

export function useSandboxAction(sessionId: string) {
  return useMutation({
    mutationFn: (action: 'pay' | 'cancel') =>
      sandboxCall<SandboxCheckoutResult>(`${encodeURIComponent(sessionId)}/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
  });
}
