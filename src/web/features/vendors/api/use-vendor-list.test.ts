import { describe, expect, it } from 'vitest';
import { addDays } from '../../../../shared/calendar-day.ts';
import { browseCategories } from '../../../../shared/categories.ts';
import {
  filtersFromSearch,
  panelFilterCount,
  pesosOf,
  todayInMexico,
  vendorKeys,
  withPanelFilters,
  withSort,
} from './use-vendor-list.ts';

// A fixed day stands for today: nothing here reads the clock.
const TODAY = '2026-03-10';
const read = (search: string) => filtersFromSearch(new URLSearchParams(search), browseCategories, TODAY);

describe('filtersFromSearch', () => {
  it('reads the filters under the API’s names', () => {
    expect(
      read(
        'category=cleaning&q=casa&colonia=Roma+Norte&min_price=200&max_price=800&verified=true&available_on=2026-03-12',
      ),
    ).toEqual({
      category: 'cleaning',
      q: 'casa',
      colonia: 'Roma Norte',
      minPrice: 200,
      maxPrice: 800,
      verified: true,
      availableOn: '2026-03-12',
    });
  });

  it('writes a colonia as product §3’s list does, whatever the accents and case', () => {
    expect(read('colonia=coyoacan').colonia).toBe('Coyoacán');
  });

  it('ignores what the server would refuse', () => {
    // A colonia the browser cannot tell: the server knows the city's (decision 073). A blank or an
    // overlong one is no colonia.
    expect(read('colonia=Narvarte%20Poniente').colonia).toBe('Narvarte Poniente');
    expect(read(`colonia=${'x'.repeat(81)}`).colonia).toBeUndefined();
    expect(read(`colonia=%20%20&min_price=12.5&max_price=-3&verified=yes&available_on=2026-02-30`)).toEqual({
      category: undefined,
      q: undefined,
      colonia: undefined,
      minPrice: undefined,
      maxPrice: undefined,
      verified: undefined,
      availableOn: undefined,
    });
    expect(read('min_price=abc&max_price=2000000')).toMatchObject({
      minPrice: undefined,
      maxPrice: undefined,
    });
    expect(read('available_on=2026-13-01').availableOn).toBeUndefined();
    expect(read('available_on=tomorrow').availableOn).toBeUndefined();
  });

  it('sends neither end of a price range upside down', () => {
    expect(read('min_price=900&max_price=100')).toMatchObject({ minPrice: undefined, maxPrice: undefined });
    expect(read('min_price=0&max_price=0')).toMatchObject({ minPrice: 0, maxPrice: 0 });
    expect(read('max_price=500')).toMatchObject({ minPrice: undefined, maxPrice: 500 });
  });

  it('reads the order: best rated, else relevance (nothing)', () => {
    expect(read('sort=rating').sort).toBe('rating');
    expect(read('sort=relevance').sort).toBeUndefined();
    expect(read('sort=cheapest').sort).toBeUndefined();
    expect(read('').sort).toBeUndefined();
  });

  it('takes a day from today to 14 days ahead, and no other', () => {
    expect(read('available_on=2026-03-10').availableOn).toBe('2026-03-10');
    expect(read('available_on=2026-03-24').availableOn).toBe('2026-03-24');
    expect(read('available_on=2026-03-09').availableOn).toBeUndefined();
    expect(read('available_on=2026-03-25').availableOn).toBeUndefined();
  });
});

describe('the filters’ helpers', () => {
  it('counts a price range once', () => {
    expect(panelFilterCount(read('q=casa&category=pets'))).toBe(0);
    expect(panelFilterCount(read('min_price=1&max_price=2&verified=true'))).toBe(2);
    expect(panelFilterCount(read('colonia=Condesa&max_price=0&available_on=2026-03-11&verified=true'))).toBe(
      4,
    );
  });

  it('puts every filter in the query key', () => {
    expect(vendorKeys.list(read('colonia=Condesa'), 6)).not.toEqual(vendorKeys.list(read(''), 6));
    expect(vendorKeys.list(read('available_on=2026-03-11'), 6)).not.toEqual(
      vendorKeys.list(read('available_on=2026-03-12'), 6),
    );
    expect(vendorKeys.list(read('sort=rating'), 6)).not.toEqual(vendorKeys.list(read(''), 6));
  });

  it('writes the order into the address, keeping the rest; relevance is no parameter', () => {
    const params = new URLSearchParams('category=pets&q=paws&verified=true');
    const rated = withSort(params, 'rating');
    expect(rated.toString()).toBe('category=pets&q=paws&verified=true&sort=rating');
    expect(withSort(rated, 'relevance').toString()).toBe('category=pets&q=paws&verified=true');
  });

  it('replaces the panel’s filters in the address, keeping the category, the search and the rest', () => {
    const params = new URLSearchParams('category=pets&q=paws&colonia=Condesa&verified=true&utm=x');
    expect(
      withPanelFilters(params, { minPrice: 0, maxPrice: 300, availableOn: '2026-03-11' }).toString(),
    ).toBe('category=pets&q=paws&utm=x&min_price=0&max_price=300&available_on=2026-03-11');
    expect(withPanelFilters(params, {}).toString()).toBe('category=pets&q=paws&utm=x');
  });

  it('reads pesos and days', () => {
    expect(pesosOf(' 450 ')).toBe(450);
    expect(pesosOf('')).toBeUndefined();
    expect(pesosOf(null)).toBeUndefined();
    expect(addDays('2026-12-25', 14)).toBe('2027-01-08');
    // 05:30 UTC is still the day before in Mexico City.
    expect(todayInMexico(new Date('2026-03-11T05:30:00Z'))).toBe('2026-03-10');
  });
});
