import type { Config } from '../../config.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createSandboxProvider } from './sandbox-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

/** ARCHITECTURE §7, §13: Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set, else the sandbox. */
export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.stripe) return createStripeProvider(config.stripe);
  if (config.production)
    throw new Error('Payments: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required in production.');
  return createSandboxProvider({ appUrl: config.appUrl, secret: config.authSecret });
}
