import { formatPrice } from '../../../shared/money.ts';

/** An amount as the booking page shows it (its price, a refund): 45000 → '$450.00 MXN'. */
export const formatMxn = (cents: number) => `${formatPrice(cents)} MXN`;
