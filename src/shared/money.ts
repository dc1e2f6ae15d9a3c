// ARCHITECTURE §3: money is integer centavos (MXN). product §9: "price_cents divided by 100", shown with a `$`
// sign (the peso sign in Mexico) and two decimals, thousands grouped with commas.
// Formatted by hand, not with Intl.NumberFormat: the browser loads its number-formatting data the
// first time a NumberFormat is created, 10–40 ms of main thread on a phone, and prices are on the
// first screen of every public page (decision 027).

/** 35000 → '$350.00'; 123456 → '$1,234.56'. */
export function formatPrice(cents: number): string {
  if (!Number.isFinite(cents)) throw new RangeError(`Not an amount of cents: ${cents}`);
  const whole = Math.round(Math.abs(cents));
  const pesos = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = `${pesos}.${String(whole % 100).padStart(2, '0')}`;
  return cents < 0 && whole > 0 ? `-$${text}` : `$${text}`;
}
