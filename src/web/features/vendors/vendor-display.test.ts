import { describe, expect, it } from 'vitest';
import type { PublicService } from '../../../shared/vendor.schemas.ts';
import { browsePrice, cardTags, primaryArea } from './vendor-display.ts';

const service = (name: string, price_cents: number, duration_minutes = 60): PublicService => ({
  id: name,
  name,
  price_cents,
  duration_minutes,
});

describe('browsePrice', () => {
  const fixed = (services: PublicService[]) => ({ services, pricing_type: 'fixed' as const });

  it("shows the first service's price in MXN with its duration (product §9)", () => {
    expect(browsePrice(fixed([service('Deep clean', 85_050), service('Basic', 40_000)]), 'es-MX')).toEqual({
      kind: 'amount',
      text: '$850.50 MXN · 1 h',
    });
    expect(browsePrice(fixed([service('Basic', 45_000, 180)]), 'en')).toEqual({
      kind: 'amount',
      text: '$450 MXN · 3 h',
    });
  });

  it('asks to contact the vendor when there is no service', () => {
    expect(browsePrice(fixed([]), 'en')).toEqual({ kind: 'contact' });
  });

  it("shows a free service as free, in the reader's language", () => {
    expect(browsePrice(fixed([service('Consultation', 0, 45)]), 'es-MX')).toEqual({
      kind: 'amount',
      text: 'Gratis · 45 min',
    });
    expect(browsePrice(fixed([service('Consultation', 0, 45)]), 'en')).toEqual({
      kind: 'amount',
      text: 'Free · 45 min',
    });
  });

  it("shows an hourly vendor's rate per hour", () => {
    const vendor = { services: [service('Clean', 45_000, 180)], pricing_type: 'hourly' as const };
    expect(browsePrice(vendor, 'en')).toEqual({ kind: 'amount', text: '$150 MXN/hr' });
    expect(browsePrice(vendor, 'es-MX')).toEqual({ kind: 'amount', text: '$150 MXN/hora' });
  });
});

describe('cardTags', () => {
  it('takes service names first, then certifications, up to 3 by default', () => {
    const vendor = {
      services: [service('Deep clean', 1), service('Move-out clean', 1)],
      certifications: ['Eco products', 'Insured'],
    };
    expect(cardTags(vendor)).toEqual(['Deep clean', 'Move-out clean', 'Eco products']);
  });

  it('honours a smaller maximum (compact cards show 2)', () => {
    const vendor = { services: [service('A', 1), service('B', 1), service('C', 1)], certifications: [] };
    expect(cardTags(vendor, 2)).toEqual(['A', 'B']);
  });

  it('drops blanks and repeats in any letter case', () => {
    const vendor = {
      services: [service('Yoga', 1), service(' yoga ', 1), service('  ', 1)],
      certifications: ['YOGA', 'Pilates'],
    };
    expect(cardTags(vendor)).toEqual(['Yoga', 'Pilates']);
  });

  it('may be empty', () => {
    expect(cardTags({ services: [], certifications: [] })).toEqual([]);
  });
});

describe('primaryArea', () => {
  it('is the first service area', () => {
    expect(primaryArea({ service_areas: ['Condesa', 'Roma Norte'] })).toBe('Condesa');
    expect(primaryArea({ service_areas: [] })).toBeUndefined();
  });
});
