/** One injectable clock (ARCHITECTURE §16): expiry and availability are testable without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(
  at: Date | string,
): Clock & { set(to: Date | string): void; advance(ms: number): void } {
  let current = new Date(at);
  return {
    now: () => new Date(current),
    set: (to) => {
      current = new Date(to);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}
