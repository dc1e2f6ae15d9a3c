import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { renderWithProviders, setUpComponentTests, stubFetch } from '../../../test/component-test.tsx';
import { CalendarFeedSection } from './calendar-feed-section.tsx';

// Calendar sync: with no link, one button makes it and the link shows once, to copy; with a link
// made earlier, the section says since when it works, never the link, and a new one asks first.

const URL_1 = 'http://barrio.test/api/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';
const URL_2 = 'http://barrio.test/api/calendar/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.ics';

let createdAt: string | null;
let rotations: string[];

setUpComponentTests(['calendarFeed']);

beforeEach(async () => {
  createdAt = null;
  rotations = [];
  stubFetch(async (url, init) => {
    if (url.pathname === '/api/vendor/calendar-feed') return Response.json({ created_at: createdAt });
    if (url.pathname === '/api/vendor/calendar-feed/rotate' && init?.method === 'POST') {
      const next = rotations.length === 0 ? URL_1 : URL_2;
      rotations.push(next);
      createdAt = '2026-11-22T18:00:00.000Z';
      return Response.json({ url: next, created_at: createdAt });
    }
    return Response.json({ error: { code: 'not_found', message: 'x' } }, { status: 404 });
  });
  await i18n.changeLanguage('es-MX');
});

describe('CalendarFeedSection', () => {
  it('makes the link and shows it once, to copy, with how to add it', async () => {
    renderWithProviders(<CalendarFeedSection />);
    const section = await screen.findByRole('region', { name: 'Sincroniza tu calendario' });
    expect(await within(section).findByText('Aún no tienes un enlace de calendario.')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Crear mi enlace de calendario' }));
    const link = (await within(section).findByLabelText('Tu enlace de calendario')) as HTMLInputElement;
    expect(link.value).toBe(URL_1);
    expect(rotations).toEqual([URL_1]);
    expect(
      within(section)
        .getByRole('link', { name: 'Abrir en Calendario de Apple u Outlook' })
        .getAttribute('href'),
    ).toBe(URL_1.replace('http:', 'webcal:'));
    const google = new URL(
      within(section).getByRole('link', { name: 'Agregar a Google Calendar' }).getAttribute('href')!,
    );
    expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(google.searchParams.get('cid')).toBe(URL_1.replace('http:', 'webcal:'));
    expect(within(section).getByRole('button', { name: 'Copiar enlace' })).toBeTruthy();
    for (const app of ['Google Calendar', 'Calendario de Apple (iPhone, Mac)', 'Outlook'])
      expect(within(section).getByText(app)).toBeTruthy();
  });

  it('never shows a link made earlier: says since when it works, and replaces it only when asked twice', async () => {
    createdAt = '2026-11-20T18:00:00.000Z';
    renderWithProviders(<CalendarFeedSection />);
    const section = await screen.findByRole('region', { name: 'Sincroniza tu calendario' });
    expect(
      await within(section).findByText('Tu enlace de calendario funciona desde el 20 de noviembre de 2026.'),
    ).toBeTruthy();
    expect(within(section).queryByLabelText('Tu enlace de calendario')).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: 'Crear un enlace nuevo' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Reemplazar tu enlace de calendario?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(rotations).toEqual([]);
    fireEvent.click(within(section).getByRole('button', { name: 'Crear un enlace nuevo' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Sí, crear un enlace nuevo',
      }),
    );
    const link = (await within(section).findByLabelText('Tu enlace de calendario')) as HTMLInputElement;
    expect(link.value).toBe(URL_1);
    expect(rotations).toEqual([URL_1]);
  });
});
