import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { VendorPhoto } from '../../../../shared/vendor-photos.ts';
import type { VendorAccountProfile, VendorService } from '../../../../shared/vendor-signup.schemas.ts';
import { defaultWeeklyAvailability } from '../../../../shared/weekly-availability.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { changeValue } from '../../../test/change-value.ts';
import { renderWithProviders, setUpComponentTests, stubFetch } from '../../../test/component-test.tsx';
import { PhotosSection } from './photos-section.tsx';

// The dashboard's Photos (decision 074) with the API stubbed at fetch and the upload at
// XMLHttpRequest: what each photo shows (its variants, its status, the admin's reason), the upload's
// progress and every refusal in the vendor's language, the order sent by Move up / Move down, the
// description saved alone, and delete asking first.

const profile: VendorAccountProfile = {
  id: 'v1',
  slug: 'brillo',
  business_name: 'Brillo',
  service_category: 'cleaning',
  bio: null,
  address: null,
  experience_years: null,
  business_phone: null,
  business_email: null,
  service_areas: [],
  languages: [],
  buffer_minutes: 15,
  advance_booking_days: 14,
  lead_time_minutes: 120,
  availability: defaultWeeklyAvailability(),
  instant_booking: false,
  cancellation_policy: 'flexible',
  application_status: 'approved',
  review_message: null,
  reviewed_at: null,
  is_verified: false,
  onboarding_completed: true,
  admin_created: false,
  is_claimed: true,
  timezone: 'America/Mexico_City',
  created_at: '2026-11-22T18:00:00.000Z',
  pending_change: null,
  rejected_change: null,
};

const service: VendorService = {
  id: '5a0d9c1e-6f2b-4c3d-8e4f-5a6b7c8d9e0f',
  name: 'Limpieza profunda',
  description: null,
  price_cents: 45000,
  duration_minutes: 180,
  location: null,
  is_active: true,
} as VendorService;

/** A variant's name as the server makes it: 43 characters of hash, then the format. */
const file = (width: number) => `${'h'.repeat(40)}${String(width).padStart(3, '0')}.webp`;

const variants = (id: string, widths: number[]) =>
  widths.map((width) => ({
    url: `/media/photos/${id}/${file(width)}`,
    width,
    height: Math.round((width * 3) / 4),
  }));

const photo = (id: string, fields: Partial<VendorPhoto>): VendorPhoto => ({
  id,
  kind: 'portfolio',
  status: 'approved',
  service_id: null,
  alt: null,
  position: 0,
  variants: variants(id, [240, 480, 960]),
  removal_reason: null,
  created_at: '2026-12-01T18:00:00.000Z',
  ...fields,
});

const ids = {
  cover: '11111111-1111-4111-8111-111111111111',
  first: '22222222-2222-4222-8222-222222222222',
  second: '33333333-3333-4333-8333-333333333333',
  third: '44444444-4444-4444-8444-444444444444',
  removed: '55555555-5555-4555-8555-555555555555',
};

let photos: VendorPhoto[];
let requests: { method: string; path: string; body: unknown }[];
let photoGets: number;

/** The uploads sent, each answered by the test: progress, then the server's answer. */
let uploads: FakeUpload[];

class FakeUpload {
  readonly upload = new EventTarget();
  status = 0;
  responseText = '';
  responseType = '';
  method = '';
  url = '';
  body: FormData | null = null;
  private readonly listeners = new EventTarget();
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.addEventListener(type, listener);
  }
  send(body: FormData) {
    this.body = body;
    uploads.push(this);
  }
  progress(loaded: number, total: number) {
    act(() => {
      this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
    });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => {
      this.listeners.dispatchEvent(new Event('load'));
    });
  }
}

const refusal = (code: string, reason: string | undefined, params?: Record<string, string>) => ({
  error: {
    code,
    message: 'English for the logs',
    ...(reason ? { reason } : {}),
    ...(params ? { params } : {}),
  },
});

setUpComponentTests(['vendor', 'photos']);

beforeEach(async () => {
  photos = [
    photo(ids.cover, { kind: 'cover', variants: variants(ids.cover, [480, 960]) }),
    photo(ids.first, { position: 0, alt: 'Cocina limpia' }),
    photo(ids.second, { position: 1, status: 'pending' }),
    photo(ids.third, { position: 2, service_id: service.id }),
    photo(ids.removed, {
      position: 3,
      status: 'removed',
      variants: [],
      removal_reason: 'Se ve el rostro de un cliente',
    }),
  ];
  requests = [];
  photoGets = 0;
  uploads = [];
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  stubFetch(async (url, init) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    if (url.pathname === '/api/auth/get-session') return Response.json(null);
    if (url.pathname === '/api/vendor/services') return Response.json({ items: [service] });
    if (url.pathname === '/api/vendor/photos' && method === 'GET') {
      photoGets++;
      return Response.json({ items: photos });
    }
    requests.push({ method, path: url.pathname, body });
    if (url.pathname === '/api/vendor/photos/order') {
      const order = (body as { ids: string[] }).ids;
      photos = photos.map((p) => (order.includes(p.id) ? { ...p, position: order.indexOf(p.id) } : p));
      return Response.json({ items: photos });
    }
    const id = url.pathname.split('/').at(-1);
    if (method === 'PATCH') {
      photos = photos.map((p) => (p.id === id ? { ...p, ...(body as object) } : p));
      return Response.json(photos.find((p) => p.id === id));
    }
    if (method === 'DELETE') {
      photos = photos.filter((p) => p.id !== id);
      return Response.json({ id });
    }
    return Response.json(null, { status: 404 });
  });
  await i18n.changeLanguage('en');
});

function renderSection(fields: Partial<VendorAccountProfile> = {}) {
  renderWithProviders(<PhotosSection profile={{ ...profile, ...fields }} />);
}

const portfolioCard = (position: number) =>
  screen.getByRole('article', { name: new RegExp(`^Photo ${position} of \\d+$`) });

function choose(kind: string, ...files: File[]) {
  fireEvent.change(screen.getByTestId(`photo-file-${kind}`), { target: { files } });
}

const jpeg = (name = 'cocina.jpg', size = 2048) => {
  const file = new File([new Uint8Array(8)], name, { type: 'image/jpeg' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('PhotosSection: what each photo shows', () => {
  it('shows the art until a profile photo, the cover, and the portfolio with status and reason', async () => {
    renderSection();
    const card = await screen.findByRole('article', { name: 'Photo 1 of 3' });
    // An approved vendor is told once that new photos wait for a review.
    expect(screen.getByText(/Barrio checks each new photo before it shows/)).toBeTruthy();

    const profileArt = screen.getByRole('img', {
      name: 'The picture your profile shows until you upload a photo',
    });
    expect(profileArt.getAttribute('src')).toBe('/media/vendors/brillo.svg');
    expect(screen.getByRole('button', { name: 'Upload a profile photo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete the profile photo' })).toBeNull();

    // The cover: public variants in srcset, the narrowest's size on the img, lazy.
    const cover = screen.getByRole('img', { name: 'Cover' });
    expect(cover.getAttribute('srcset')).toBe(
      `/media/photos/${ids.cover}/${file(480)} 480w, /media/photos/${ids.cover}/${file(960)} 960w`,
    );
    expect(cover.getAttribute('width')).toBe('480');
    expect(cover.getAttribute('height')).toBe('360');
    expect(cover.getAttribute('loading')).toBe('lazy');
    expect(cover.getAttribute('sizes')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change the cover' })).toBeTruthy();

    expect(within(card).getByRole('img', { name: 'Cocina limpia' })).toBeTruthy();
    expect(within(card).getByText('Published')).toBeTruthy();
    expect(within(card).getByLabelText(/Description/)).toHaveProperty('value', 'Cocina limpia');

    // A photo waiting for review is read through the private URL (the public one answers 404).
    const waiting = portfolioCard(2);
    expect(within(waiting).getByText('Waiting for review')).toBeTruthy();
    const src = within(waiting).getByRole('presentation').getAttribute('src');
    expect(src).toBe(`/api/vendor/photos/${ids.second}/${file(240)}`);

    // The third names its service; a removed one says why, and is not counted.
    expect(await within(portfolioCard(3)).findByLabelText('Service it shows')).toHaveProperty(
      'value',
      service.id,
    );
    expect(screen.getByText(/Removed by Barrio: Se ve el rostro de un cliente/).textContent).toBe(
      'Portfolio photo · Removed by Barrio: Se ve el rostro de un cliente',
    );
    expect(screen.getByText('3 of 12')).toBeTruthy();
  });

  it('says nothing of a review to a vendor not yet approved, and speaks Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    renderSection({ application_status: 'submitted' });
    expect(await screen.findByRole('article', { name: 'Foto 1 de 3' })).toBeTruthy();
    expect(screen.queryByText(/revisa cada foto nueva/)).toBeNull();
    // Its photos show once it is approved: none reads "Published" yet.
    expect(screen.queryByText('Publicada')).toBeNull();
    const waiting = screen.getByRole('article', { name: 'Foto 2 de 3' });
    expect(within(waiting).getByText('En revisión')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Agregar fotos' })).toBeTruthy();
  });
});

describe('PhotosSection: uploading', () => {
  it('sends the file as multipart with its kind, shows its progress, then lists it', async () => {
    renderSection();
    await screen.findByRole('article', { name: 'Photo 1 of 3' });
    const gets = photoGets;
    choose('portfolio', jpeg());
    await waitFor(() => expect(uploads).toHaveLength(1));
    const [sent] = uploads;
    expect(sent!.method).toBe('POST');
    expect(sent!.url).toBe('/api/vendor/photos');
    expect(sent!.body!.get('kind')).toBe('portfolio');
    expect((sent!.body!.get('file') as File).name).toBe('cocina.jpg');

    const bar = screen.getByRole('progressbar', { name: 'Uploading cocina.jpg' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByRole('button', { name: 'Add photos' })).toHaveProperty('disabled', true);
    sent!.progress(512, 2048);
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByText('cocina.jpg: 25%')).toBeTruthy();
    sent!.progress(2048, 2048);
    expect(bar.getAttribute('aria-valuenow')).toBe('100');

    photos = [...photos, photo('66666666-6666-4666-8666-666666666666', { position: 4, status: 'pending' })];
    sent!.respond(201, { id: '66666666-6666-4666-8666-666666666666', status: 'pending', urls: {} });
    expect(await screen.findByText('Photo uploaded: waiting for review')).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Photo 4 of 4' })).toBeTruthy();
    expect(photoGets).toBeGreaterThan(gets);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('sends a cover with its kind', async () => {
    renderSection();
    await screen.findByRole('article', { name: 'Photo 1 of 3' });
    choose('cover', jpeg('portada.png'));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.body!.get('kind')).toBe('cover');
  });

  it.each([
    [413, 'payload_too_large', 'photo_too_large', 'The photo is larger than 10 MB. Choose a smaller one.'],
    [415, 'unsupported_media_type', 'photo_not_image', 'This file is not a photo we can use.'],
    [422, 'unprocessable', 'photo_corrupt', 'The image is damaged and cannot be read.'],
    [422, 'unprocessable', 'photo_too_many_pixels', 'The image has too many pixels (at most 50 million).'],
    [503, 'unavailable', 'photo_busy', 'We are processing many photos right now. Try again in a minute.'],
    [
      409,
      'conflict',
      'portfolio_full',
      'You already have 12 portfolio photos. Delete one to upload another.',
    ],
    [429, 'rate_limited', undefined, 'You uploaded many photos in the last hour. Please wait an hour'],
  ])('says the server’s %i %s %s in the vendor’s words', async (status, code, reason, text) => {
    renderSection();
    await screen.findByRole('article', { name: 'Photo 1 of 3' });
    choose('portfolio', jpeg());
    await waitFor(() => expect(uploads).toHaveLength(1));
    uploads[0]!.respond(
      status,
      refusal(code, reason, reason === 'portfolio_full' ? { max: '12' } : undefined),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not upload cocina.jpg');
    expect(alert.textContent).toContain(text);
    // The refusal stays until dismissed; the button is free again.
    expect(screen.getByRole('button', { name: 'Add photos' })).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss the message about cocina.jpg' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a refusal in Spanish to a Spanish reader', async () => {
    await i18n.changeLanguage('es-MX');
    renderSection();
    await screen.findByRole('article', { name: 'Foto 1 de 3' });
    choose('profile', jpeg('yo.jpg'));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.body!.get('kind')).toBe('profile');
    uploads[0]!.respond(422, refusal('unprocessable', 'photo_corrupt'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'La imagen está dañada y no se puede leer. Prueba con otra.',
    );
  });

  it('refuses in the browser, before sending, a file over 10 MB or a file that is no image', async () => {
    renderSection();
    await screen.findByRole('article', { name: 'Photo 1 of 3' });
    choose('portfolio', jpeg('grande.jpg', 10 * 1024 * 1024 + 1));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The photo is larger than 10 MB. Choose a smaller one.',
    );
    choose('portfolio', new File(['x'], 'notas.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This file is not a photo we can use.');
    expect(uploads).toHaveLength(0);
  });

  it("offers HEIC in the picker and sends a phone's HEIC, typed or not, for the server to read", async () => {
    renderSection();
    await screen.findByRole('article', { name: 'Photo 1 of 3' });
    const accept = screen.getByTestId('photo-file-portfolio').getAttribute('accept')!.split(',');
    expect(accept).toEqual(
      expect.arrayContaining(['image/heic', 'image/heif', '.heic', '.heif', 'image/jpeg']),
    );
    choose('portfolio', new File(['x'], 'IMG_0001.HEIC', { type: 'image/heic' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect((uploads[0]!.body!.get('file') as File).name).toBe('IMG_0001.HEIC');
    uploads[0]!.respond(201, { id: '00000000-0000-4000-8000-000000000099', status: 'approved', urls: {} });
    // A desktop's picker may give a HEIC no type: the name is no reason to refuse it either.
    await waitFor(() => expect(screen.queryByText('IMG_0001.HEIC')).toBeNull());
    choose('portfolio', new File(['x'], 'IMG_0002.heif', { type: '' }));
    await waitFor(() => expect(uploads).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('uploads only what fits in the portfolio, and says so', async () => {
    photos = Array.from({ length: 11 }, (_, i) =>
      photo(`00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`, { position: i }),
    );
    renderSection();
    await screen.findByRole('article', { name: 'Photo 1 of 11' });
    choose('portfolio', jpeg('a.jpg'), jpeg('b.jpg'));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(
      screen.getByText('Only 1 more photo fits in your portfolio: the first was uploaded.'),
    ).toBeTruthy();
    expect((uploads[0]!.body!.get('file') as File).name).toBe('a.jpg');
  });

  it('offers no upload once the portfolio holds 12', async () => {
    photos = Array.from({ length: 12 }, (_, i) =>
      photo(`00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`, { position: i }),
    );
    renderSection();
    await screen.findByRole('article', { name: 'Photo 1 of 12' });
    expect(screen.getByRole('button', { name: 'Add photos' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Your portfolio is full: delete a photo to add another.')).toBeTruthy();
  });
});

describe('PhotosSection: order, description, service, delete', () => {
  it('moves a photo down and up, sending every portfolio photo in the new order', async () => {
    renderSection();
    await screen.findByRole('article', { name: 'Photo 1 of 3' });
    expect(screen.getByRole('button', { name: 'Move photo 1 up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move photo 3 down' })).toHaveProperty('disabled', true);

    const down = screen.getByRole('button', { name: 'Move photo 1 down' });
    down.focus();
    fireEvent.click(down);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toEqual({
      method: 'PUT',
      path: '/api/vendor/photos/order',
      body: { ids: [ids.second, ids.first, ids.third] },
    });
    // The photo moved, and the focus with it: its Move down is now photo 2's.
    await waitFor(() =>
      expect(within(portfolioCard(2)).getByRole('img', { name: 'Cocina limpia' })).toBeTruthy(),
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move photo 2 down' }));
    expect(screen.getByText('Photo moved to position 2 of 3.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Move photo 3 up' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]!.body).toEqual({ ids: [ids.second, ids.third, ids.first] });
  });

  it('saves the description alone', async () => {
    renderSection();
    const card = await screen.findByRole('article', { name: 'Photo 2 of 3' });
    const save = within(card).getByRole('button', { name: 'Save the description of photo 2' });
    expect(save).toHaveProperty('disabled', true);
    changeValue(within(card).getByLabelText(/Description/), 'Baño después de la limpieza');
    fireEvent.click(save);
    expect(await screen.findByText('Description saved')).toBeTruthy();
    expect(requests).toEqual([
      {
        method: 'PATCH',
        path: `/api/vendor/photos/${ids.second}`,
        body: { alt: 'Baño después de la limpieza' },
      },
    ]);
  });

  it('saves the service alone, and none again', async () => {
    renderSection();
    const card = await screen.findByRole('article', { name: 'Photo 1 of 3' });
    changeValue(await within(card).findByLabelText('Service it shows'), service.id);
    expect(await screen.findByText('Service saved')).toBeTruthy();
    expect(requests).toEqual([
      { method: 'PATCH', path: `/api/vendor/photos/${ids.first}`, body: { service_id: service.id } },
    ]);
    changeValue(within(portfolioCard(3)).getByLabelText('Service it shows'), '');
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]).toEqual({
      method: 'PATCH',
      path: `/api/vendor/photos/${ids.third}`,
      body: { service_id: null },
    });
  });

  it('deletes a photo only once the vendor confirms', async () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    renderSection();
    await screen.findByRole('article', { name: 'Photo 1 of 3' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete photo 2' }));
    expect(confirm).toHaveBeenCalledWith('Delete this photo? This cannot be undone.');
    expect(requests).toEqual([]);

    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: 'Delete photo 2' }));
    expect(await screen.findByText('Photo deleted')).toBeTruthy();
    expect(requests).toEqual([
      { method: 'DELETE', path: `/api/vendor/photos/${ids.second}`, body: undefined },
    ]);
    expect(await screen.findByRole('article', { name: 'Photo 2 of 2' })).toBeTruthy();
  });

  it('deletes the cover after asking, and clears a removed photo’s notice without asking', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    renderSection();
    await screen.findByRole('article', { name: 'Photo 1 of 3' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete the cover' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.path).toBe(`/api/vendor/photos/${ids.cover}`);
    expect(confirm).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Clear the notice of the removed portfolio photo' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]).toEqual({
      method: 'DELETE',
      path: `/api/vendor/photos/${ids.removed}`,
      body: undefined,
    });
    expect(confirm).toHaveBeenCalledTimes(1);
  });
});
