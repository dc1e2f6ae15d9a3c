import type { PGlite, Transaction } from '@electric-sql/pglite';

// PGlite runs inside the server's own thread, and each statement's promise resolves without any
// I/O: a request's statements follow one another as microtasks, and the event loop gets no turn
// until the last one. Six "available on" requests at once then held the server for seconds, and a
// cached page, which sends no statement at all, waited for all of them (decision 092). Here the
// statements take turns with the event loop: each starts in a turn of its own, after whatever was
// ready — a timer, a new request, an answer from memory — has run. A transaction is one such turn
// for the outside (PGlite makes every other statement wait for it anyway), and gives the event
// loop a turn after each of its own statements.

/** One turn of the event loop: the I/O and timers that are due run first. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

type Run = (...args: unknown[]) => Promise<unknown>;

/** A transaction's statements: each answer waits for the event loop's next turn. */
function transactionGivingTurns(tx: Transaction): Transaction {
  return new Proxy(tx, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (property === 'query' || property === 'exec')
        return async (...args: unknown[]) => {
          const result = await (value as Run).apply(target, args);
          await nextTurn();
          return result;
        };
      return value.bind(target);
    },
  });
}

/** `client`, its statements and transactions taking turns with the rest of the event loop. */
export function pgliteGivingTurns(client: PGlite): PGlite {
  let last: Promise<unknown> = Promise.resolve();
  /** Runs `work` in a turn of its own, once everything queued before it has finished. */
  const inTurn = (work: () => Promise<unknown>) => {
    const result = last.then(nextTurn).then(work);
    last = result.catch(() => undefined);
    return result;
  };
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (property === 'query' || property === 'exec')
        return (...args: unknown[]) => inTurn(() => (value as Run).apply(target, args));
      if (property === 'transaction')
        return (run: (tx: Transaction) => Promise<unknown>) =>
          inTurn(() =>
            (value as PGlite['transaction']).call(target, (tx) => run(transactionGivingTurns(tx))),
          );
      return value.bind(target);
    },
  });
}
