import { z } from 'zod';
import { type CategoryKey, categoryKeyOf } from './categories.ts';
import { foldText } from './fold-text.ts';

// Where a service is done: at the customer's address, at the vendor's, or online. Each
// category has a default — cleaning, repairs, pets, plants, childcare… happen at the customer's
// place — and a vendor may set another one per service (`services.location`, null = the default).

export const serviceLocations = ['customer', 'vendor', 'online'] as const;
export type ServiceLocation = (typeof serviceLocations)[number];

/** Categories whose services are done at the customer's address unless the vendor says otherwise. */
export const atTheCustomers: readonly CategoryKey[] = [
  'cleaning',
  'repair',
  'pets',
  'plants',
  'childcare',
  'transportation',
  'tech',
  'fitness',
  'tutoring',
  'cooking',
];

const fold = foldText;

/** Where a vendor's services are done when a service does not say. */
export function defaultServiceLocation(serviceCategory: string): ServiceLocation {
  const key = categoryKeyOf(serviceCategory);
  return key && atTheCustomers.includes(key) ? 'customer' : 'vendor';
}

/** Where one service is done: its own setting, or its category's default. */
export function serviceLocationOf(
  location: ServiceLocation | null,
  serviceCategory: string,
): ServiceLocation {
  return location ?? defaultServiceLocation(serviceCategory);
}

/**
 * Whether a vendor serves a colonia: its service areas name it (accents, case and spacing aside). A
 * vendor without service areas has not said where it goes, so nowhere is refused.
 */
export function servesColonia(serviceAreas: readonly string[], colonia: string): boolean {
  if (serviceAreas.length === 0) return true;
  const wanted = fold(colonia);
  return serviceAreas.some((area) => fold(area) === wanted);
}

/** The service address of a booking done at the customer's place (product §3's payload, camelCase). */
export const bookingAddressSchema = z.object({
  street: z.string().trim().min(1, 'Please enter the street and number.').max(200, 'The street is too long.'),
  colonia: z.string().trim().min(1, 'Please enter the colonia.').max(100, 'The colonia is too long.'),
  postalCode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'Please enter the 5-digit postal code.'),
  references: z
    .string()
    .trim()
    .max(200, 'References may be at most 200 characters.')
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type BookingAddress = z.output<typeof bookingAddressSchema>;

/** One line for messages: "Calle 5 #12, Roma Norte, CP 06700 (interior 4, timbre azul)". */
export function addressLine(address: BookingAddress): string {
  return `${address.street}, ${address.colonia}, CP ${address.postalCode}${address.references ? ` (${address.references})` : ''}`;
}
