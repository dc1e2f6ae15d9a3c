import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n, loadStrings } from '../../../i18n/i18n.ts';
import { ReviewNotice } from './review-notice.tsx';

// Decision 048: the dashboard says where the profile's review stands, and nothing once approved.

beforeAll(() => loadStrings(['vendor']));
beforeEach(() => i18n.changeLanguage('en'));
afterEach(cleanup);

describe('ReviewNotice', () => {
  it('says a new profile is under review', () => {
    render(<ReviewNotice profile={{ application_status: 'submitted', review_message: null }} />);
    expect(screen.getByRole('heading', { name: 'Your profile is under review' })).toBeTruthy();
  });

  it('shows the changes an admin asked for, line by line', () => {
    render(
      <ReviewNotice
        profile={{ application_status: 'pending', review_message: 'Agrega fotos.\nY precios.' }}
      />,
    );
    const notice = screen.getByRole('region', { name: 'Changes requested' });
    expect(notice.textContent).toContain('Agrega fotos.\nY precios.');
    expect(notice.textContent).toContain('an admin will review your profile again');
  });

  it('gives the reason of a rejection, in Spanish too', async () => {
    await i18n.changeLanguage('es-MX');
    render(<ReviewNotice profile={{ application_status: 'rejected', review_message: 'No es local.' }} />);
    const notice = screen.getByRole('region', { name: 'Tu perfil no fue aprobado' });
    expect(notice.textContent).toContain('No es local.');
  });

  it('says nothing once approved', () => {
    const { container } = render(
      <ReviewNotice profile={{ application_status: 'approved', review_message: null }} />,
    );
    expect(container.textContent).toBe('');
  });
});
