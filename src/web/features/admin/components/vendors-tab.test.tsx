import { cleanup, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminUnreadablePhone } from '../../../../shared/admin.schemas.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { renderWithProviders, setUpComponentTests, stubFetch } from '../../../test/component-test.tsx';
import { adminVendor } from '../admin-fixtures.ts';
import { VendorsTab } from './vendors-tab.tsx';

// Vendor phones the repair after migrate could not read as numbers are listed above the vendors and
// said on the vendor's card, so an admin enters the right one. The API is stubbed at fetch.

const vendor = adminVendor({
  id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  slug: 'plomeria-cuatro',
  business_name: 'Plomería Cuatro',
  service_category: 'plumbing',
  business_email: 'cuatro@example.test',
  business_phone_unreadable: '+521234',
});
const unreadable: AdminUnreadablePhone = {
  id: vendor.id,
  business_name: vendor.business_name,
  business_email: vendor.business_email,
  stored_phone: '+521234',
};
let unreadableItems: AdminUnreadablePhone[];

setUpComponentTests(['admin']);

beforeEach(() => {
  unreadableItems = [unreadable];
  stubFetch(async (url) => {
    if (url.pathname === '/api/auth/get-session') return Response.json(null);
    if (url.pathname === '/api/admin/vendors/unreadable-phones')
      return Response.json({ items: unreadableItems });
    return Response.json({ items: [vendor], total: 1 });
  });
});

function renderTab() {
  renderWithProviders(<VendorsTab />);
}

describe('VendorsTab: phones that could not be read', () => {
  it('lists them above the vendors and on the card, in Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    renderTab();
    const notice = await screen.findByRole('region', { name: 'Teléfonos por corregir' });
    expect(notice.textContent).toContain('El teléfono de 1 proveedor no se pudo leer como número');
    expect(notice.textContent).toContain('Plomería Cuatro: guardado como “+521234”');
    expect(
      await screen.findByText(
        'Teléfono guardado que no es un número: +521234. Edita el proveedor para escribir el correcto.',
      ),
    ).toBeTruthy();
  });

  it('speaks English, and shows nothing when every phone was read', async () => {
    await i18n.changeLanguage('en');
    renderTab();
    expect(await screen.findByRole('region', { name: 'Phones to correct' })).toBeTruthy();
    cleanup();
    unreadableItems = [];
    renderTab();
    expect(await screen.findByRole('heading', { name: 'Plomería Cuatro' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Phones to correct' })).toBeNull();
  });
});
