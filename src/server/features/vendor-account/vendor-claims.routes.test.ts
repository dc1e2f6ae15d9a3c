import { desc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminVendor } from '../../../shared/admin.schemas.ts';
import type { VendorBooking } from '../../../shared/booking.schemas.ts';
import type {
  PendingVendorClaim,
  VendorClaimState,
  VerifiedVendorClaim,
} from '../../../shared/vendor-claim.schemas.ts';
import type { VendorSignupResponse } from '../../../shared/vendor-signup.schemas.ts';
import { defaultWeeklyAvailability } from '../../../shared/weekly-availability.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { outbox } from '../../db/schema/messaging.ts';
import { vendorClaims, vendorProfiles } from '../../db/schema/vendors.ts';
import { fixedClock } from '../../lib/clock.ts';
import { appointmentValues, insertCustomer, insertService, insertVendor } from '../../test/factories.ts';
import { createHttpClient, type HttpClient } from '../../test/http-client.ts';
import { useSeededApp } from '../../test/seeded-app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-db.ts';
import { APP_URL, NOW } from '../../test/test-week.ts';

// Decision 035: a signup never takes over an admin-created profile; a claim proves
// control of its stored phone or email with a one-time code first, and the bookings made before the
// claim stay with the admins until one approves it. "Now" is Sunday 2026-11-22 12:00 in Mexico City.
const MINUTE = 60_000;
let n = 0;

function signupBody(overrides: Record<string, unknown> = {}) {
  n++;
  return {
    business_name: `Plomería Nueva ${n}`,
    business_phone: `55 7000 ${String(1000 + n)}`,
    business_phone_country: 'MX',
    business_email: `nueva.${n}@example.test`,
    password: 'Plomeria#2026',
    bio: '',
    service_category: 'Limpieza del Hogar',
    service_areas: ['Roma Norte'],
    languages: ['Spanish'],
    address: 'Calle Durango 5',
    buffer_minutes: 15,
    advance_booking_days: 14,
    lead_time_minutes: 120,
    availability: defaultWeeklyAvailability(),
    ...overrides,
  };
}

describe(`claiming an admin-created vendor profile (${testEngine})`, () => {
  const clock = fixedClock(NOW);
  const world = useSeededApp({ vendors: 1, clock, env: { APP_URL } });
  const client = () => world.client();
  let admin: HttpClient;
  let phoneSeq = 0;

  beforeAll(async () => {
    admin = await world.signedIn('admin');
  });
  beforeEach(() => clock.set(NOW));

  /** An unclaimed admin-created profile with its own phone and email. */
  async function adminMade() {
    phoneSeq++;
    const digits = String(11112200 + phoneSeq);
    return insertVendor(world.db, {
      adminCreated: true,
      isClaimed: false,
      userId: null,
      businessName: `Plomería Don Beto ${phoneSeq}`,
      businessPhone: `+5255${digits}`,
      businessEmail: `beto.${phoneSeq}@oficio.test`,
    });
  }

  /** The wizard's signup, then signed in as that account. */
  async function signUp(overrides: Record<string, unknown> = {}) {
    const body = signupBody(overrides);
    const res = await client().post('/api/vendor/signup', body);
    expect(res.status, await res.clone().text()).toBe(201);
    const created = (await res.json()) as VendorSignupResponse;
    const vendor = client();
    await vendor.signIn(body.business_email.toLowerCase(), body.password);
    return { vendor, created, body };
  }

  /** The code in the newest message queued to `to` (a WhatsApp claim_code or a mail). */
  async function codeSentTo(to: string): Promise<string> {
    const items = await world.db.select().from(outbox).orderBy(desc(outbox.createdAt));
    const item = items.find(
      (i) =>
        (i.kind === 'whatsapp' && i.payload.type === 'claim_code' && i.payload.to === to) ||
        i.payload.to === to,
    );
    const code = /\b(\d{6})\b/.exec(String(item?.payload.text))?.[1];
    if (!code) throw new Error(`no code sent to ${to}`);
    return code;
  }

  const start = (vendor: HttpClient, channel: 'whatsapp' | 'email') =>
    vendor.post('/api/vendor/claim/start', { channel });
  const verify = (vendor: HttpClient, code: string) => vendor.post('/api/vendor/claim/verify', { code });
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  async function profileRow(id: string) {
    const [row] = await world.db.select().from(vendorProfiles).where(eq(vendorProfiles.id, id));
    return row;
  }

  it.each([
    ['business email', 'email'],
    ['business phone', 'phone'],
  ])(
    'a signup with the %s of an unclaimed admin-created profile gets its own profile and an offer',
    async (_name, by) => {
      const target = await adminMade();
      const national = target.businessPhone!.slice(3);
      const { created, vendor } = await signUp(
        by === 'email' ? { business_email: target.businessEmail } : { business_phone: national },
      );
      expect(created.vendorProfileId).not.toBe(target.id);
      expect(created.claim).toEqual({
        business_name: target.businessName,
        channels: [
          { channel: 'whatsapp', to: `+52 •••• ${target.businessPhone!.slice(-4)}` },
          { channel: 'email', to: 'b•••@o•••.test' },
        ],
      });
      // The offer never carries the stored contact in clear.
      const text = JSON.stringify(created);
      expect(text).not.toContain(target.businessPhone!);
      expect(text).not.toContain(target.businessEmail!);
      expect(await profileRow(target.id)).toMatchObject({ isClaimed: false, userId: null, claimedAt: null });
      const own = (await (await vendor.get('/api/vendor/profile')).json()) as {
        id: string;
        is_claimed: boolean;
      };
      expect(own.id).toBe(created.vendorProfileId);
      const state = (await (await vendor.get('/api/vendor/claim')).json()) as VendorClaimState;
      expect(state).toEqual({ offer: created.claim, pending: null, claimed: null });
    },
  );

  it('a signup that matches nothing is offered no claim', async () => {
    const { created, vendor } = await signUp();
    expect(created.claim).toBeNull();
    expect(await (await vendor.get('/api/vendor/claim')).json()).toEqual({
      offer: null,
      pending: null,
      claimed: null,
    });
    expect((await start(vendor, 'whatsapp')).status).toBe(404);
  });

  it('links the profile with the right WhatsApp code, retiring the wizard-made profile', async () => {
    const target = await adminMade();
    const { created, vendor } = await signUp({ business_email: target.businessEmail });

    const started = await start(vendor, 'whatsapp');
    expect(started.status).toBe(201);
    expect((await started.json()) as PendingVendorClaim).toMatchObject({
      channel: 'whatsapp',
      to: `+52 •••• ${target.businessPhone!.slice(-4)}`,
      attempts_left: 5,
      expires_at: new Date(Date.parse(NOW) + 15 * MINUTE).toISOString(),
    });
    const code = await codeSentTo(target.businessPhone!);
    // Only the code's hash is kept.
    const [claim] = await world.db
      .select()
      .from(vendorClaims)
      .where(eq(vendorClaims.vendorProfileId, target.id));
    expect(claim!.codeHash).not.toContain(code);
    expect(claim!.codeHash).toMatch(/^[0-9a-f]{64}$/);

    const res = await verify(vendor, code);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()) as VerifiedVendorClaim).toMatchObject({ vendor_profile_id: target.id });
    const linked = await profileRow(target.id);
    expect(linked).toMatchObject({
      isClaimed: true,
      adminCreated: true,
      applicationStatus: 'submitted',
      claimApprovedAt: null,
    });
    expect(linked!.claimedAt?.toISOString()).toBe(new Date(NOW).toISOString());
    expect(linked!.userId).not.toBeNull();
    expect(await profileRow(created.vendorProfileId)).toBeUndefined();
    const own = (await (await vendor.get('/api/vendor/profile')).json()) as { id: string };
    expect(own.id).toBe(target.id);
    expect(await (await vendor.get('/api/vendor/claim')).json()).toEqual({
      offer: null,
      pending: null,
      claimed: { claimed_at: new Date(NOW).toISOString(), approved: false },
    });
    // A code is good once.
    expect((await verify(vendor, code)).status).toBe(404);
  });

  it('links the profile with the right code mailed to its stored email', async () => {
    const target = await adminMade();
    const { vendor } = await signUp({ business_phone: target.businessPhone!.slice(3) });
    expect((await start(vendor, 'email')).status).toBe(201);
    const code = await codeSentTo(target.businessEmail!);
    expect((await verify(vendor, code)).status).toBe(200);
    expect((await profileRow(target.id))!.isClaimed).toBe(true);
  });

  it('refuses a channel the profile does not have', async () => {
    const target = await adminMade();
    await world.db
      .update(vendorProfiles)
      .set({ businessEmail: null })
      .where(eq(vendorProfiles.id, target.id));
    const { vendor, created } = await signUp({ business_phone: target.businessPhone!.slice(3) });
    expect(created.claim?.channels.map((c) => c.channel)).toEqual(['whatsapp']);
    const res = await start(vendor, 'email');
    expect(res.status).toBe(400);
    expect((await start(vendor, 'sms' as 'email')).status).toBe(400);
  });

  it('offers WhatsApp only where its messages reach a phone: production without credentials mails the code', async () => {
    const target = await adminMade();
    const origin = 'https://barrio.test';
    const production = createTestApp(world.database, {
      clock,
      env: { NODE_ENV: 'production', APP_URL: origin },
    });
    expect(production.config.whatsapp.delivers).toBe(false);
    const body = signupBody({ business_email: target.businessEmail });
    const res = await createHttpClient(production.app, { origin }).post('/api/vendor/signup', body);
    expect(res.status, await res.clone().text()).toBe(201);
    const created = (await res.json()) as VendorSignupResponse;
    expect(created.claim?.channels.map((c) => c.channel)).toEqual(['email']);
    const vendor = createHttpClient(production.app, { origin });
    await vendor.signIn(body.business_email.toLowerCase(), body.password);
    const state = (await (await vendor.get('/api/vendor/claim')).json()) as VendorClaimState;
    expect(state.offer?.channels.map((c) => c.channel)).toEqual(['email']);
    expect((await start(vendor, 'whatsapp')).status).toBe(400);
    expect((await start(vendor, 'email')).status).toBe(201);
  });

  it('locks the code after 5 wrong tries: even the right code is then refused', async () => {
    const target = await adminMade();
    const { vendor } = await signUp({ business_email: target.businessEmail });
    await start(vendor, 'whatsapp');
    const code = await codeSentTo(target.businessPhone!);
    const statuses: number[] = [];
    const left: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await verify(vendor, wrong(code));
      statuses.push(res.status);
      const body = (await res.json()) as { error: { details?: { attempts_left: number }[] } };
      left.push(body.error.details?.[0]?.attempts_left);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    expect(left).toEqual([4, 3, 2, 1, undefined]);
    expect((await verify(vendor, code)).status).toBe(429);
    expect(await profileRow(target.id)).toMatchObject({ isClaimed: false, userId: null });
    // A new code starts over.
    await start(vendor, 'whatsapp');
    expect((await verify(vendor, await codeSentTo(target.businessPhone!))).status).toBe(200);
  });

  it('refuses an expired code with 410 and links nothing', async () => {
    const target = await adminMade();
    const { vendor } = await signUp({ business_email: target.businessEmail });
    await start(vendor, 'email');
    const code = await codeSentTo(target.businessEmail!);
    clock.advance(15 * MINUTE);
    const res = await verify(vendor, code);
    expect(res.status).toBe(410);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('gone');
    expect(await profileRow(target.id)).toMatchObject({ isClaimed: false, userId: null });
  });

  it('a newer code replaces the older one', async () => {
    const target = await adminMade();
    const { vendor } = await signUp({ business_email: target.businessEmail });
    await start(vendor, 'email');
    const first = await codeSentTo(target.businessEmail!);
    clock.advance(MINUTE);
    await start(vendor, 'whatsapp');
    const second = await codeSentTo(target.businessPhone!);
    if (first !== second) expect((await verify(vendor, first)).status).toBe(400);
    expect((await verify(vendor, second)).status).toBe(200);
  });

  it('sends a profile’s owner at most 3 codes a day on one channel and 5 in all, whoever asks', async () => {
    const target = await adminMade();
    const accounts = await Promise.all(
      Array.from({ length: 6 }, () => signUp({ business_phone: target.businessPhone!.slice(3) })),
    );
    const sent = async () =>
      (await world.db.select().from(outbox)).filter(
        (i) => i.payload.to === target.businessPhone || i.payload.to === target.businessEmail,
      ).length;
    // Each account asks once: the per-account limit never applies, the target's does.
    const statuses = [];
    for (const [i, { vendor }] of accounts.entries())
      statuses.push((await start(vendor, i < 4 ? 'whatsapp' : 'email')).status);
    expect(statuses).toEqual([201, 201, 201, 429, 201, 201]);
    expect(await sent()).toBe(5);
    const refused = await start(accounts[0]!.vendor, 'email');
    expect(refused.status).toBe(429);
    expect(
      ((await refused.json()) as { error: { details: { limit: string }[] } }).error.details[0]!.limit,
    ).toBe('target');
    expect(await sent()).toBe(5);
    // A day later the owner can be reached again.
    clock.advance(24 * 60 * MINUTE);
    expect((await start(accounts[3]!.vendor, 'whatsapp')).status).toBe(201);
  });

  it('counts the profile’s codes once under parallel starts from many accounts', async () => {
    const target = await adminMade();
    const accounts = await Promise.all(
      Array.from({ length: 8 }, () => signUp({ business_phone: target.businessPhone!.slice(3) })),
    );
    const results = await Promise.all(accounts.map(({ vendor }) => start(vendor, 'email')));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    const mails = (await world.db.select().from(outbox)).filter((i) => i.payload.to === target.businessEmail);
    expect(mails).toHaveLength(3);
  });

  it('of two claimants with right codes racing, one wins and the other gets 409', async () => {
    const target = await adminMade();
    const a = await signUp({ business_email: target.businessEmail });
    const b = await signUp({ business_phone: target.businessPhone!.slice(3) });
    await start(a.vendor, 'email');
    const codeA = await codeSentTo(target.businessEmail!);
    await start(b.vendor, 'whatsapp');
    const codeB = await codeSentTo(target.businessPhone!);

    const results = await Promise.all([verify(a.vendor, codeA), verify(b.vendor, codeB)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results[0]!.status === 200 ? a : b;
    const loser = winner === a ? b : a;
    const linked = await profileRow(target.id);
    const [winnerOwner] = await world.db
      .select({ userId: vendorProfiles.userId })
      .from(vendorProfiles)
      .where(eq(vendorProfiles.id, target.id));
    expect(linked!.isClaimed).toBe(true);
    expect(winnerOwner!.userId).toBe(linked!.userId);
    // The loser keeps the profile the wizard made.
    expect(await profileRow(loser.created.vendorProfileId)).toBeDefined();
    expect(await profileRow(winner.created.vendorProfileId)).toBeUndefined();
    const loserProfile = (await (await loser.vendor.get('/api/vendor/profile')).json()) as { id: string };
    expect(loserProfile.id).toBe(loser.created.vendorProfileId);
  });

  it('refuses to replace a wizard-made profile that already has bookings', async () => {
    const target = await adminMade();
    const { vendor, created } = await signUp({ business_email: target.businessEmail });
    const customer = await insertCustomer(world.db);
    await world.db.insert(appointments).values(
      appointmentValues(created.vendorProfileId, customer, '2026-11-23T15:00:00Z', 60, {
        createdAt: new Date(NOW),
      }),
    );
    const res = await start(vendor, 'email');
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain(
      'ya tiene reservas',
    );
  });

  it('hides bookings made before the claim from the claimant until an admin approves it', async () => {
    const target = await adminMade();
    const service = await insertService(world.db, target.id, { durationMinutes: 60 });
    const customer = await insertCustomer(world.db, { name: 'Lucía Pérez', phoneE164: '+525566667777' });
    const [before] = await world.db
      .insert(appointments)
      .values(
        appointmentValues(target.id, customer, '2026-11-24T16:00:00Z', 60, {
          serviceId: service.id,
          createdAt: new Date(Date.parse(NOW) - 60 * MINUTE),
          confirmTokenExpiresAt: new Date(Date.parse(NOW) + 20 * 60 * MINUTE),
        }),
      )
      .returning();

    const { vendor } = await signUp({ business_email: target.businessEmail });
    await start(vendor, 'email');
    expect((await verify(vendor, await codeSentTo(target.businessEmail!))).status).toBe(200);

    clock.advance(5 * MINUTE);
    const [after] = await world.db
      .insert(appointments)
      .values(
        appointmentValues(target.id, customer, '2026-11-24T18:00:00Z', 60, {
          serviceId: service.id,
          createdAt: clock.now(),
          confirmTokenExpiresAt: new Date(Date.parse(NOW) + 20 * 60 * MINUTE),
        }),
      )
      .returning();

    const listed = async () =>
      ((await (await vendor.get('/api/vendor/bookings')).json()) as { items: VendorBooking[] }).items.map(
        (b) => b.id,
      );
    expect(await listed()).toEqual([after!.id]);
    // Not answerable by id either: as if it did not exist.
    const answer = await vendor.post(`/api/vendor/bookings/${before!.id}/confirm`);
    expect(answer.status).toBe(404);
    const [untouched] = await world.db.select().from(appointments).where(eq(appointments.id, before!.id));
    expect(untouched!.status).toBe('pending_vendor');
    // Admins see it all along.
    const pending = (await (await admin.get('/api/admin/whatsapp/pending-appointments')).json()) as {
      items: { id: string }[];
    };
    expect(pending.items.map((p) => p.id)).toContain(before!.id);

    // Only an admin approves the claim, once.
    expect((await vendor.post(`/api/admin/vendors/${target.id}/approve-claim`)).status).toBe(403);
    const approved = await admin.post(`/api/admin/vendors/${target.id}/approve-claim`);
    expect(approved.status).toBe(200);
    expect((await approved.json()) as AdminVendor).toMatchObject({
      id: target.id,
      is_claimed: true,
      claimed_at: new Date(NOW).toISOString(),
      claim_approved_at: clock.now().toISOString(),
    });
    expect((await admin.post(`/api/admin/vendors/${target.id}/approve-claim`)).status).toBe(409);
    expect(new Set(await listed())).toEqual(new Set([before!.id, after!.id]));
    expect(
      (await vendor.post(`/api/vendor/bookings/${before!.id}/decline`, { reason: 'Sin cupo' })).status,
    ).toBe(200);
    expect(await (await vendor.get('/api/vendor/claim')).json()).toMatchObject({
      claimed: { approved: true },
    });
  });

  it('lists claimed_at and claim_approved_at to admins; approving an unclaimed profile is 409', async () => {
    const target = await adminMade();
    const page = (await (
      await admin.get(`/api/admin/vendors?q=${encodeURIComponent(target.businessEmail!)}`)
    ).json()) as {
      items: AdminVendor[];
    };
    expect(page.items[0]).toMatchObject({ id: target.id, claimed_at: null, claim_approved_at: null });
    expect((await admin.post(`/api/admin/vendors/${target.id}/approve-claim`)).status).toBe(409);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await admin.post(`/api/admin/vendors/${missing}/approve-claim`)).status).toBe(404);
  });

  it('needs a vendor session', async () => {
    expect((await client().get('/api/vendor/claim')).status).toBe(401);
    expect((await client().post('/api/vendor/claim/start', { channel: 'email' })).status).toBe(401);
    const { vendor } = await signUp();
    expect((await vendor.post('/api/vendor/claim/verify', { code: '12345' })).status).toBe(400);
    expect((await vendor.post('/api/vendor/claim/verify', { code: '123456' })).status).toBe(404);
  });
});
