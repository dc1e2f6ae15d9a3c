import type { AuthSession, SessionUser } from './auth/auth.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { PublicListCache } from './features/vendors/public-list-cache.ts';
import type { MediaStorage } from './integrations/media-storage/media-storage.ts';
import type { PaymentProvider } from './integrations/payments/payment-provider.ts';
import type { Clock } from './lib/clock.ts';
import type { Logger } from './lib/logger.ts';

/** What every request handler can reach, set once per app by app.ts. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  logger: Logger;
  clock: Clock;
  /** Stripe or the local sandbox (ARCHITECTURE §7), from config: createPaymentProvider(config). */
  payments: PaymentProvider;
  /** True while the server shuts down (main.ts, decision 023); absent in tests and tools. */
  draining?: () => boolean;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    requestId: string;
    /** Set by the session middleware (auth/session.ts) on every /api request; null when signed out. */
    user: SessionUser | null;
    session: AuthSession | null;
    /** The public vendor lists' cache of this app (features/vendors/public-list-cache.ts). */
    publicLists: PublicListCache;
    /** Where photo variants are kept (integrations/media-storage, decision 075), one per app. */
    media: MediaStorage;
  };
}
