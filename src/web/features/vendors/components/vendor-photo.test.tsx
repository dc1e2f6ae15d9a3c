import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { photoSizes } from '../../../../shared/vendor-photo-display.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { fakePhoto, fakeVendor, fakeVendorDetail } from '../vendor-fixtures.ts';
import { VendorCard } from './vendor-card.tsx';
import { VendorProfileCard } from './vendor-profile.tsx';

// A vendor's photos on the cards and the profile header (decision 074): every variant in srcset, the
// sizes of the place it shows in, width and height from the variant (no layout shift), and the drawn
// art or the initials when there is no photo.

afterEach(cleanup);
beforeEach(() => i18n.changeLanguage('en'));

const avatar = fakePhoto('a1', 'profile');
const cover = fakePhoto('c1', 'cover');

function renderCard(vendor: ReturnType<typeof fakeVendor>, eager = false) {
  render(
    <MemoryRouter>
      <VendorCard vendor={vendor} eager={eager} />
    </MemoryRouter>,
  );
}

function renderHeader(fields: Parameters<typeof fakeVendorDetail>[1]) {
  const { container } = render(
    <MemoryRouter>
      <VendorProfileCard vendor={fakeVendorDetail(1, fields)} onSeeServices={() => {}} />
    </MemoryRouter>,
  );
  return container;
}

describe('a card', () => {
  it('shows the profile photo with its variants, the 80 px it is drawn at, and its size', () => {
    renderCard(fakeVendor(1, { business_name: 'Casa Limpia', profile_photo: avatar }));
    const img = screen.getByRole('img', { name: 'Photo of Casa Limpia' });
    expect(img.getAttribute('srcset')).toBe('/media/photos/a1/w96.webp 96w, /media/photos/a1/w192.webp 192w');
    expect(img.getAttribute('sizes')).toBe('80px');
    expect(img.getAttribute('src')).toBe('/media/photos/a1/w192.webp');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['192', '192']);
    // Below the first screen: it waits until it comes near.
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('fetchpriority')).toBeNull();
  });

  it('fetches a first-screen card first and never lazily', () => {
    renderCard(fakeVendor(1, { business_name: 'Casa Limpia', profile_photo: avatar }), true);
    const img = screen.getByRole('img', { name: 'Photo of Casa Limpia' });
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('loading')).toBeNull();
  });

  it('shows the drawn art without a photo, and the initials without either', () => {
    renderCard(fakeVendor(1, { business_name: 'Casa Limpia', profile_image_url: '/media/vendors/casa.svg' }));
    const art = screen.getByRole('img', { name: 'Photo of Casa Limpia' });
    expect(art.getAttribute('src')).toBe('/media/vendors/casa.svg');
    expect(art.getAttribute('srcset')).toBeNull();
    cleanup();
    renderCard(fakeVendor(2, { business_name: 'Brillo Roma' }));
    expect(screen.queryByRole('img', { name: 'Photo of Brillo Roma' })).toBeNull();
    expect(screen.getByText('BR')).toBeTruthy();
  });
});

describe('the profile header', () => {
  it("draws the cover photo across the column, fetched first when it is the page's lead picture", () => {
    const header = renderHeader({ cover_photo: cover, profile_photo: avatar, business_name: 'Casa Limpia' });
    const img = header.querySelector('img[alt=""]')!;
    expect(img.getAttribute('srcset')).toBe(
      '/media/photos/c1/w480.webp 480w, /media/photos/c1/w960.webp 960w',
    );
    expect(img.getAttribute('sizes')).toBe(photoSizes.fullWidth);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['960', '360']);
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('loading')).toBeNull();
    // The avatar is on the first screen too: not lazy, at the browser's priority, 96 px.
    const photo = screen.getByRole('img', { name: 'Photo of Casa Limpia' });
    expect(photo.getAttribute('sizes')).toBe('96px');
    expect(photo.getAttribute('loading')).toBeNull();
    expect(photo.getAttribute('fetchpriority')).toBeNull();
  });

  it('leaves the first place to the gallery when there is a portfolio, but never loads the cover lazily', () => {
    const header = renderHeader({ cover_photo: cover, portfolio: [fakePhoto('p1', 'portfolio')] });
    const img = header.querySelector('img[alt=""]')!;
    expect(img.getAttribute('fetchpriority')).toBeNull();
    expect(img.getAttribute('loading')).toBeNull();
  });

  it('draws the cover art, fetched first, without a cover photo', () => {
    const header = renderHeader({ cover_image_url: '/media/covers/vendor-1.svg' });
    const img = header.querySelector('img[alt=""]')!;
    expect(img.getAttribute('src')).toBe('/media/covers/vendor-1.svg');
    expect(img.getAttribute('srcset')).toBeNull();
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });
});
