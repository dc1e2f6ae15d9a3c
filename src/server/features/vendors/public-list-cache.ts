import type { Notifications } from '../../db/notifications.ts';

// Decision 026: the public vendor lists (Browse Vendors, the directory, Home's featured vendors)
// are read far more often than vendors change. Each instance keeps the answers it computed, and
// drops them all whenever a statement changes vendor_profiles or services — on any instance: a
// trigger publishes it on `barrio_vendors` (migration 0007). Until the instance listens, and for
// answers older than `maxAgeMs` (a notification lost while the listening connection was down),
// nothing is served from memory. Requests that miss the same answer together share one computation:
// at a thousand requests a second, an expired list would otherwise be computed by every request
// that arrives while it is being computed, each slowing the others down (the p99 of decision 024's
// benchmark showed it as stalls of 200–300 ms every 30 s).

export const VENDORS_CHANNEL = 'barrio_vendors';

export interface PublicListCache {
  /** The cached answer for `key`, or `compute()`'s, kept while no vendor changes. */
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /** Answers served from memory since the start (for tests and benchmarks). */
  readonly hits: number;
}

export function createPublicListCache(
  notifications: Notifications,
  { maxAgeMs = 30_000, maxEntries = 500, now = () => Date.now() } = {},
): PublicListCache {
  const entries = new Map<string, { value: unknown; at: number; generation: number }>();
  /** Computations under way, each shared by the requests that missed its key meanwhile. */
  const computing = new Map<string, Promise<unknown>>();
  let generation = 0;
  let listening = false;
  let hits = 0;
  notifications
    .listen(VENDORS_CHANNEL, () => {
      generation++;
      entries.clear();
      // A computation under way may have read the data from before the change: later requests
      // start their own.
      computing.clear();
    })
    .then(
      () => {
        listening = true;
      },
      () => {
        // Without notifications the cache stays off: every answer is read from the database.
      },
    );

  return {
    get hits() {
      return hits;
    },
    async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      if (!listening) return compute();
      const cached = entries.get(key);
      if (cached && cached.generation === generation && now() - cached.at < maxAgeMs) {
        hits++;
        return cached.value as T;
      }
      const pending = computing.get(key);
      if (pending) return pending as Promise<T>;
      // A change that arrives while this answer is computed makes it stale: it is not kept.
      const started = generation;
      const computation = compute().then((value) => {
        if (generation === started) {
          if (entries.size >= maxEntries) entries.clear();
          entries.set(key, { value, at: now(), generation });
        }
        return value;
      });
      computing.set(key, computation);
      const forget = () => {
        if (computing.get(key) === computation) computing.delete(key);
      };
      computation.then(forget, forget);
      return computation;
    },
  };
}
