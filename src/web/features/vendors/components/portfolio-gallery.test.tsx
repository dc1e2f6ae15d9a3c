import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { photoSizes } from '../../../../shared/vendor-photo-display.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { fakePhoto } from '../vendor-fixtures.ts';
import { PortfolioGallery } from './portfolio-gallery.tsx';

// The portfolio on the profile: one photo at a time, swiped or stepped with Previous and Next, each
// with the vendor's alt text and the service it shows.

afterEach(cleanup);

const services = [
  { id: 's1', name: 'Deep clean' },
  { id: 's2', name: 'Ironing' },
];
const photos = [
  fakePhoto('p1', 'portfolio', { alt: 'A tidy kitchen', service_id: 's1' }),
  fakePhoto('p2', 'portfolio', { alt: null }),
  fakePhoto('p3', 'portfolio', { alt: 'Folded shirts', service_id: 's2' }),
];

function renderGallery(list = photos, leadFirst = true) {
  return render(
    <PortfolioGallery photos={list} services={services} vendorName="Casa Limpia" leadFirst={leadFirst} />,
  );
}

describe('PortfolioGallery', () => {
  it('is a labelled region of photos with their alt text, sizes and the services they show', async () => {
    await i18n.changeLanguage('en');
    renderGallery();
    const region = within(screen.getByRole('region', { name: 'Portfolio' }));
    const list = region.getByRole('list', { name: 'Portfolio photos, swipe to see more' });
    const images = within(list).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('alt'))).toEqual([
      'A tidy kitchen',
      'Photo 2 of the work of Casa Limpia',
      'Folded shirts',
    ]);
    expect(images[0]!.getAttribute('srcset')).toBe(
      '/media/photos/p1/w240.webp 240w, /media/photos/p1/w480.webp 480w, /media/photos/p1/w960.webp 960w',
    );
    expect(images[0]!.getAttribute('sizes')).toBe(photoSizes.fullWidth);
    expect([images[0]!.getAttribute('width'), images[0]!.getAttribute('height')]).toEqual(['960', '720']);
    // The first is the page's lead picture; the others wait until they come near.
    expect(images[0]!.getAttribute('fetchpriority')).toBe('high');
    expect(images[0]!.getAttribute('loading')).toBeNull();
    expect(images.slice(1).map((img) => img.getAttribute('loading'))).toEqual(['lazy', 'lazy']);
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Deep clean', '', 'Ironing']);
  });

  it('steps with Previous and Next, says where it is, and stays put at either end', async () => {
    await i18n.changeLanguage('en');
    renderGallery();
    const previous = screen.getByRole('button', { name: 'Previous photo' });
    const next = screen.getByRole('button', { name: 'Next photo' });
    expect(screen.getByText('Photo 1 of 3')).toBeTruthy();
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(previous);
    expect(screen.getByText('Photo 1 of 3')).toBeTruthy();
    fireEvent.click(next);
    expect(screen.getByText('Photo 2 of 3')).toBeTruthy();
    expect(previous.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(next);
    expect(screen.getByText('Photo 3 of 3')).toBeTruthy();
    expect(next.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(next);
    expect(screen.getByText('Photo 3 of 3')).toBeTruthy();
    fireEvent.click(previous);
    expect(screen.getByText('Photo 2 of 3')).toBeTruthy();
  });

  it('follows a swipe: the photo in view is the one whose edge is nearest', async () => {
    await i18n.changeLanguage('en');
    renderGallery();
    const list = screen.getByRole('list', { name: 'Portfolio photos, swipe to see more' });
    Object.defineProperty(list, 'clientWidth', { value: 358 });
    list.scrollLeft = 700;
    fireEvent.scroll(list);
    expect(screen.getByText('Photo 3 of 3')).toBeTruthy();
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    renderGallery();
    expect(screen.getByRole('region', { name: 'Portafolio' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Foto siguiente' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Foto anterior' })).toBeTruthy();
    expect(screen.getByText('Foto 1 de 3')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Foto 2 del trabajo de Casa Limpia' })).toBeTruthy();
  });

  it('shows nothing without a portfolio, and no buttons for a single photo', async () => {
    await i18n.changeLanguage('en');
    const { container } = renderGallery([]);
    expect(container.innerHTML).toBe('');
    cleanup();
    renderGallery(photos.slice(0, 1), false);
    expect(screen.getByRole('region', { name: 'Portfolio' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    // Not the lead picture (a cover is): not lazy either, it is on the first screen.
    const img = screen.getByRole('img', { name: 'A tidy kitchen' });
    expect(img.getAttribute('fetchpriority')).toBeNull();
    expect(img.getAttribute('loading')).toBeNull();
  });
});
