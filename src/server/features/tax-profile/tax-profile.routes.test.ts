import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TaxProfileResponse, taxProfileMessages } from '../../../shared/tax-profile.schemas.ts';
import { vendorTaxProfiles } from '../../db/schema/ledger.ts';
import { type BookingScenario, createBookingScenario } from '../../test/booking-scenario.ts';
import { changedTables, fingerprintTables } from '../../test/db-fingerprint.ts';
import { insertVendor } from '../../test/factories.ts';
import { testEngine } from '../../test/test-db.ts';
import { NOW } from '../../test/test-week.ts';

// Decision 098: GET/PUT /api/vendor/tax-profile through the real app — the vendor's own, whole,
// checked as SAT would, and nobody else's.

const person = {
  rfc: 'pemj800101ab6',
  legal_name: 'Juana Pérez Martínez',
  tax_regime: '625',
  postal_code: '03100',
  curp: 'PEMJ800101MDFRRN09',
};

describe(`a vendor's tax data (${testEngine})`, () => {
  let scenario: BookingScenario;
  let sequence = 0;

  beforeAll(async () => {
    scenario = await createBookingScenario({ now: NOW });
  });
  afterAll(() => scenario.close());

  async function signedInVendor() {
    const browser = scenario.http();
    const signUp = await browser.post('/api/auth/sign-up/email', {
      name: 'Proveedora',
      email: `fiscal${sequence++}@example.test`,
      password: 'Proveedora#2026',
    });
    expect(signUp.status).toBe(200);
    const { user } = (await signUp.json()) as { user: { id: string } };
    const vendor = await insertVendor(scenario.db, { userId: user.id });
    return { vendor, browser };
  }

  it('has none at first, then keeps what the vendor saves as SAT writes it, and replaces it whole', async () => {
    const { vendor, browser } = await signedInVendor();
    expect(await (await browser.get('/api/vendor/tax-profile')).json()).toEqual({ tax_profile: null });

    let res = await browser.put('/api/vendor/tax-profile', person);
    expect(res.status, await res.clone().text()).toBe(200);
    const saved = (await res.json()) as TaxProfileResponse;
    expect(saved.tax_profile).toEqual({
      rfc: 'PEMJ800101AB6',
      kind: 'fisica',
      legal_name: 'JUANA PÉREZ MARTÍNEZ',
      tax_regime: '625',
      postal_code: '03100',
      curp: 'PEMJ800101MDFRRN09',
      updated_at: new Date(NOW).toISOString(),
    });
    expect(await (await browser.get('/api/vendor/tax-profile')).json()).toEqual(saved);

    // PUT is the whole record: a CURP left out is taken away, the rest replaced.
    scenario.clock.set(new Date(Date.parse(NOW) + 60_000));
    res = await browser.put('/api/vendor/tax-profile', {
      rfc: 'BAR200101XY7',
      legal_name: 'Barrio Servicios',
      tax_regime: '601',
      postal_code: '06700',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const [row] = await scenario.db
      .select()
      .from(vendorTaxProfiles)
      .where(eq(vendorTaxProfiles.vendorProfileId, vendor.id));
    expect(row).toMatchObject({
      rfc: 'BAR200101XY7',
      legalName: 'BARRIO SERVICIOS',
      taxRegime: '601',
      postalCode: '06700',
      curp: null,
      createdAt: new Date(NOW),
      updatedAt: new Date(Date.parse(NOW) + 60_000),
    });
    expect(((await res.json()) as TaxProfileResponse).tax_profile?.kind).toBe('moral');
  });

  it('answers bad input with a 400 naming the field and its reason, and changes nothing', async () => {
    const { browser } = await signedInVendor();
    expect((await browser.put('/api/vendor/tax-profile', person)).status).toBe(200);
    const cases: [object, string, string][] = [
      [{ ...person, rfc: 'PEMJ800101AB7' }, 'rfc', taxProfileMessages.rfcCheckDigit],
      [{ ...person, rfc: 'PEMJ801301AB6' }, 'rfc', taxProfileMessages.rfcDate],
      [{ ...person, rfc: 'XAXX010101000' }, 'rfc', taxProfileMessages.rfcGeneric],
      [{ ...person, rfc: '12' }, 'rfc', taxProfileMessages.rfcFormat],
      [{ ...person, tax_regime: '601' }, 'tax_regime', taxProfileMessages.regimeKind],
      [{ ...person, tax_regime: '999' }, 'tax_regime', taxProfileMessages.regime],
      [{ ...person, postal_code: 'CP 03100' }, 'postal_code', taxProfileMessages.postalCode],
      [{ ...person, curp: 'PEMJ' }, 'curp', taxProfileMessages.curpFormat],
      [{ ...person, legal_name: '' }, 'legal_name', taxProfileMessages.legalNameRequired],
      [{ ...person, rfc: undefined }, 'rfc', ''],
    ];
    const before = await fingerprintTables(scenario.db, { except: ['rate_limits'] });
    for (const [body, path, message] of cases) {
      const res = await browser.put('/api/vendor/tax-profile', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const { error } = (await res.json()) as {
        error: { code: string; details?: { path: string; message: string }[] };
      };
      expect(error.code).toBe('validation_failed');
      const detail = error.details?.find((d) => d.path === path);
      expect(detail, JSON.stringify(body)).toBeDefined();
      if (message) expect(detail?.message).toBe(message);
    }
    expect(changedTables(before, await fingerprintTables(scenario.db, { except: ['rate_limits'] }))).toEqual(
      [],
    );
  });

  it('is its owner’s alone: another vendor sees none; no session, no vendor, another site are refused', async () => {
    const owner = await signedInVendor();
    const other = await signedInVendor();
    expect((await owner.browser.put('/api/vendor/tax-profile', person)).status).toBe(200);
    expect(await (await other.browser.get('/api/vendor/tax-profile')).json()).toEqual({ tax_profile: null });
    expect((await scenario.http().get('/api/vendor/tax-profile')).status).toBe(401);
    expect((await scenario.http().put('/api/vendor/tax-profile', person)).status).toBe(401);
    const customer = scenario.http();
    await customer.post('/api/auth/sign-up/email', {
      name: 'Cliente',
      email: `cliente-fiscal${sequence++}@example.test`,
      password: 'Cliente#2026x',
    });
    expect((await customer.get('/api/vendor/tax-profile')).status).toBe(403);
    const crossSite = await owner.browser.put('/api/vendor/tax-profile', person, {
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    // Its RFC appears in no public answer of the vendor.
    const publicProfile = await (await scenario.http().get(`/api/vendors/${owner.vendor.slug}`)).text();
    expect(publicProfile).not.toContain('PEMJ800101AB6');
  });
});
