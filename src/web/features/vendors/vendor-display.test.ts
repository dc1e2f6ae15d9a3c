import { describe, expect, it } from 'vitest';
import type { PublicService } from '../../../shared/vendor.schemas.ts';
import { browsePrice, cardTags, primaryArea } from './vendor-display.ts';

const service = (name: string, price_cents: number): PublicService => ({
  id: name,
  name,
  price_cents,
  duration_minutes: 60,
});

describe('browsePrice', () => {
  it("shows the first service's price in pesos with two decimals (product §9)", () => {
    expect(browsePrice({ services: [service('Deep clean', 85_050), service('Basic', 40_000)] })).toEqual({
      kind: 'amount',
      text: '$850.50',
    });
  });

  it('asks to contact the vendor when there is no service', () => {
    expect(browsePrice({ services: [] })).toEqual({ kind: 'contact' });
  });

  it('shows a free service as $0.00, not as a missing price', () => {
    expect(browsePrice({ services: [service('Consultation', 0)] })).toEqual({
      kind: 'amount',
      text: '$0.00',
    });
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
