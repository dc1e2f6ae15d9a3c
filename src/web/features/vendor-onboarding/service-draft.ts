import type { ServiceLocation } from '../../../shared/service-location.ts';

/**
 * A service as its form holds it (the wizard's services step, the dashboard's service form): the
 * price in pesos and the duration as typed, the place '' for the category's default. The API and
 * the database keep centavos (ARCHITECTURE §3).
 */
export interface ServiceDraft {
  name: string;
  price: string;
  duration: string;
  location: '' | ServiceLocation;
}

export const emptyServiceDraft = (): ServiceDraft => ({ name: '', price: '', duration: '60', location: '' });

/** A number input's text as a number: '' is no number (NaN), which the schemas refuse. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The service as the API takes it, checked there by vendorServiceSchema. */
export function serviceOfDraft({ name, price, duration, location }: ServiceDraft) {
  return {
    name,
    price_cents: Math.round(numberOf(price) * 100),
    duration_minutes: numberOf(duration),
    location: location === '' ? null : location,
  };
}

/** The draft's field that an API field of a service is typed in. */
export const draftFieldOf: Record<string, keyof ServiceDraft> = {
  name: 'name',
  price_cents: 'price',
  duration_minutes: 'duration',
  location: 'location',
};
