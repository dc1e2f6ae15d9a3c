import { z } from 'zod';
import type { BookingHeadline } from './booking.schemas.ts';

// ARCHITECTURE §6, §7: the payment pages' API. Session ids are the provider's (Stripe `cs_…`, sandbox
// `cs_sandbox_…`); anything else cannot match a booking.
export const paymentSessionParamSchema = z.object({
  sessionId: z
    .string()
    .trim()
    .min(1, 'ID de sesión de pago no encontrado')
    .max(255, 'ID de sesión de pago no encontrado')
    .regex(/^[A-Za-z0-9_]+$/, 'ID de sesión de pago no encontrado'),
});

export const paymentAppointmentParamSchema = z.object({
  id: z.uuid('Reserva No Encontrada'),
});

/** The booking page's token (decision 044), which the cancel URL carries: without it, only the owner signed in. */
export const paymentAppointmentQuerySchema = z.object({
  token: z.string().trim().max(200, 'Reserva No Encontrada').optional(),
});

interface PaymentBooking extends BookingHeadline {
  appointment_id: string;
  /** Centavos. */
  amount_mxn: number;
  currency: 'MXN';
  payment_due_at: string | null;
}

/** GET /api/payments/session/:sessionId (/payment-success). */
export interface PaymentSessionDetails extends PaymentBooking {
  paid_at: string | null;
}

/** GET /api/payments/appointment/:id (/payment-cancel's retry). */
export interface AppointmentCheckout extends PaymentBooking {
  /** Still awaiting payment before its deadline. */
  payable: boolean;
  /** The checkout to go back to; null when not payable, or while the checkout is being created. */
  payment_url: string | null;
}

/** GET /api/sandbox/checkout/:sessionId (the local checkout page). */
export interface SandboxCheckout extends PaymentBooking {
  session_id: string;
  payable: boolean;
}

/** POST /api/sandbox/checkout/:sessionId/pay | cancel: where the browser goes next. */
export interface SandboxCheckoutResult {
  redirect_url: string;
}
