// DESIGN §3: money is integer centavos (MXN). spec §9: "price_cents divided by 100", shown with a `$`
// sign (the peso sign in Mexico) and two decimals. Built once: Intl formatters are costly to create.
const amount = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});

/** 35000 → '$350.00'; 123456 → '$1,234.56'. */
export function formatPrice(cents: number): string {
  if (!Number.isFinite(cents)) throw new RangeError(`Not an amount of cents: ${cents}`);
  const text = amount.format(Math.abs(cents) / 100);
  return cents < 0 ? `-$${text}` : `$${text}`;
}
