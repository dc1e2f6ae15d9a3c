import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n, loadStrings } from '../../../i18n/i18n.ts';
import { PendingChangeNotice } from './pending-change-notice.tsx';

// Decision 055: an approved vendor sees its change waiting and what the public sees meanwhile.

beforeAll(() => loadStrings(['vendor']));
beforeEach(() => i18n.changeLanguage('en'));
afterEach(cleanup);

const approved = {
  business_name: 'Plomería Roma',
  service_category: 'repair',
  business_phone: '+525512345678',
  business_email: 'roma@example.test',
  address: 'Colima 1',
  timezone: 'America/Mexico_City',
  pending_change: null,
  rejected_change: null,
};

describe('PendingChangeNotice', () => {
  it('shows each field waiting next to what the public sees, with the category named', () => {
    render(
      <PendingChangeNotice
        profile={{
          ...approved,
          pending_change: {
            fields: { business_name: 'Plomería Oficial', service_category: 'tech' },
            submitted_at: '2026-11-22T18:00:00.000Z',
          },
        }}
      />,
    );
    const notice = screen.getByRole('region', { name: 'Change waiting for review' });
    expect(notice.textContent).toContain('Waiting for reviewPlomería Oficial');
    expect(notice.textContent).toContain('Public profile showsPlomería Roma');
    expect(notice.textContent).toContain('Public profile showsRepair');
    // In the vendor's zone (Mexico City, UTC−6), not the phone's.
    expect(notice.textContent).toContain('Nov 22, 2026, 12:00');
  });

  it('gives the reason of a rejected change, in Spanish too', async () => {
    await i18n.changeLanguage('es-MX');
    render(
      <PendingChangeNotice
        profile={{
          ...approved,
          rejected_change: {
            fields: { business_name: 'Plomería Oficial' },
            message: 'Suplanta a otro negocio.',
            decided_at: '2026-11-22T18:00:00.000Z',
          },
        }}
      />,
    );
    const notice = screen.getByRole('region', { name: 'Cambio no aprobado' });
    expect(notice.textContent).toContain('Suplanta a otro negocio.');
    expect(notice.textContent).toContain('Nombre del negocio: Plomería Oficial');
  });

  it('says nothing when no change waits', () => {
    const { container } = render(<PendingChangeNotice profile={approved} />);
    expect(container.textContent).toBe('');
  });
});
