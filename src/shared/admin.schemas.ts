import { z } from 'zod';
import { firstInstantAtWall, MINUTES_PER_DAY, offsetSegments } from './availability/zone-time.ts';
import { isCategoryKey } from './categories.ts';
import {
  type ApplicationStatus,
  applicationStatuses,
  MAX_PAGE_SIZE,
  type PricingType,
  pricingTypes,
  type RecurrenceRule,
  recurrenceRules,
} from './constants.ts';
import { whenFieldsParsed } from './cross-field-checks.ts';
import { invalidPhoneMessage, phoneAsTypedSchema, toE164 } from './phone.ts';
import { updateSchemaOf } from './update-schema.ts';
import { serviceCategorySchema } from './vendor-signup.schemas.ts';

// The admin dashboard's API contract (product §2 Admin, ARCHITECTURE §6): one schema per input, used by the
// server's validator and by the admin forms alike.

export const ADMIN_PAGE_SIZE = 20;
/** One save of the availability editor: one window per slot; more than this is not a person typing. */
export const MAX_WINDOWS_PER_SAVE = 24;

export const adminListQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search text is too long').optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

export const idParamSchema = z.object({ id: z.uuid('Not a valid id') });

/**
 * product §5: phones are stored as E.164, '' for none; the forms turn country + number into it with
 * toE164(), and the API reads the international number it receives the same way (`+52 1 55…`
 * becomes `+5255…`): a shape alone let `+521234` in, which reaches nobody.
 */
const optionalPhone = z
  .string()
  .trim()
  .max(40, invalidPhoneMessage)
  .transform((value, ctx) => {
    if (!value) return null;
    const phone = value.startsWith('+') ? toE164(value) : undefined;
    if (phone) return phone;
    ctx.addIssue({ code: 'custom', message: invalidPhoneMessage });
    return z.NEVER;
  })
  .nullable();
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => v || null)
    .nullable();

// product §5 admin vendor form: business name required; email is an email-type field.
const vendorFields = {
  business_name: z.string().trim().min(1, 'Business name is required').max(120),
  service_category: serviceCategorySchema('Choose a category'),
  business_email: z
    .union([z.literal(''), z.email('Enter a valid email address')])
    .transform((v) => v || null)
    .nullable(),
  business_phone: optionalPhone,
  bio: optionalText(2000),
  address: optionalText(300),
  application_status: z.enum(applicationStatuses),
  is_verified: z.boolean(),
  pricing_type: z.enum(pricingTypes).nullable(),
};

export const adminVendorInputSchema = z.object({
  ...vendorFields,
  business_email: vendorFields.business_email.default(null),
  business_phone: vendorFields.business_phone.default(null),
  bio: vendorFields.bio.default(null),
  address: vendorFields.address.default(null),
  // product §3: admin-created rows default application_status to approved.
  application_status: vendorFields.application_status.default('approved'),
  is_verified: vendorFields.is_verified.default(false),
  pricing_type: vendorFields.pricing_type.default(null),
});
export type AdminVendorInput = z.input<typeof adminVendorInputSchema>;
export type AdminVendorValues = z.output<typeof adminVendorInputSchema>;

/** PATCH: any subset of the same fields; what is left out stays as it is. */
export const adminVendorUpdateSchema = updateSchemaOf(adminVendorInputSchema);
export type AdminVendorUpdate = z.output<typeof adminVendorUpdateSchema>;

/** Who a vendor is and how to reach it: how every admin list of vendors starts a row. */
export interface AdminVendorContact {
  id: string;
  slug: string;
  business_name: string;
  service_category: string;
  business_email: string | null;
  business_phone: string | null;
}

/** A vendor as admins see it: the public fields plus the contact ones and the flags (ARCHITECTURE §3). */
export interface AdminVendor extends AdminVendorContact {
  /** A stored phone no number could be read from (db/phone-repair.ts): the admin enters the right one. */
  business_phone_unreadable: string | null;
  bio: string | null;
  address: string | null;
  application_status: ApplicationStatus;
  is_verified: boolean;
  pricing_type: PricingType | null;
  admin_created: boolean;
  is_claimed: boolean;
  /** When an account proved control of this admin-created profile, and when an admin approved it. */
  claimed_at: string | null;
  claim_approved_at: string | null;
  timezone: string;
  created_at: string;
}

/** GET /api/admin/vendors/unreadable-phones: vendors whose stored phone could not be read. */
export interface AdminUnreadablePhone {
  id: string;
  business_name: string;
  business_email: string | null;
  /** The value as it was stored. */
  stored_phone: string;
}

export interface AdminPage<T> {
  items: T[];
  /** 'Showing x of y' (product §2): every match, not just this page. */
  total: number;
}

// product §5 admin customer form: display name required.
const customerFields = {
  display_name: z.string().trim().min(1, 'Display name is required').max(100),
  phone: optionalPhone,
  email: z
    .union([z.literal(''), z.email('Enter a valid email address')])
    .transform((v) => v || null)
    .nullable(),
  // Profiles keep the browse chips' keys (cleaning, fitness…), as My Profile does.
  preferred_categories: z.array(z.string().refine(isCategoryKey, 'Unknown category')).max(20),
};

export const adminCustomerInputSchema = z.object({
  ...customerFields,
  phone: customerFields.phone.default(null),
  email: customerFields.email.default(null),
  preferred_categories: customerFields.preferred_categories.default([]),
});
export type AdminCustomerInput = z.input<typeof adminCustomerInputSchema>;
export type AdminCustomerValues = z.output<typeof adminCustomerInputSchema>;

export const adminCustomerUpdateSchema = updateSchemaOf(adminCustomerInputSchema);
export type AdminCustomerUpdate = z.output<typeof adminCustomerUpdateSchema>;

// ——— The admin forms: each field as the form holds it, checked by the API's own field ———

/** The Add and Edit Customer form: its output is what POST and PATCH /api/admin/customers take. */
export const adminCustomerFormSchema = z.object({
  display_name: customerFields.display_name,
  phone: phoneAsTypedSchema.pipe(customerFields.phone.unwrap()),
  email: z.string().trim().pipe(customerFields.email.unwrap()),
  preferred_categories: customerFields.preferred_categories,
});
export type AdminCustomerForm = z.input<typeof adminCustomerFormSchema>;

/**
 * The Add and Edit Vendor form: only the fields it shows (the bio and address are the
 * vendor's to write); its output goes through the create or the update schema.
 */
export const adminVendorFormSchema = z.object({
  business_name: vendorFields.business_name,
  service_category: vendorFields.service_category,
  business_email: z.string().trim().pipe(vendorFields.business_email.unwrap()),
  business_phone: phoneAsTypedSchema.pipe(vendorFields.business_phone.unwrap()),
  application_status: vendorFields.application_status,
  is_verified: vendorFields.is_verified,
  /** The select's '' is "none". */
  pricing_type: z
    .union([z.literal(''), z.enum(pricingTypes)])
    .transform((v) => v || null)
    .pipe(vendorFields.pricing_type),
});
export type AdminVendorForm = z.input<typeof adminVendorFormSchema>;

/**
 * product §7 "Admin reads profiles where is_vendor is false", plus the people who only ever booked
 * (rows of `customers` no profile stands for): those are `booking_only`, edited and deleted as well
 *; their bookings keep the contact given with each.
 */
export interface AdminCustomer {
  id: string;
  kind: 'profile' | 'booking_only';
  display_name: string;
  phone: string | null;
  email: string | null;
  preferred_categories: string[];
  has_account: boolean;
  created_at: string;
  /** A guest's bookings, and those still on (pending, awaiting payment, confirmed, paid); 0 for a profile. */
  bookings: number;
  active_bookings: number;
}

export interface AdminStats {
  vendors: number;
  unclaimed_vendors: number;
  customers: number;
  /** There is no reviews table yet: the real count is 0, and the card says so plainly. */
  reviews: number;
  /** product §2: appointments in awaiting_payment, confirmed or paid. */
  services_scheduled: number;
}

// product §7: availability_windows rows {vendor_profile_id, start_tz, end_tz, recurrence_rule, is_active}.
const windowFields = {
  vendor_profile_id: z.uuid('Not a valid vendor id'),
  start_tz: z.iso.datetime({ offset: true, message: 'Use an ISO date-time' }),
  end_tz: z.iso.datetime({ offset: true, message: 'Use an ISO date-time' }),
  recurrence_rule: z.enum(recurrenceRules).nullable().default(null),
  is_active: z.boolean().default(true),
};
const endAfterStart = (w: { start_tz?: string | undefined; end_tz?: string | undefined }) =>
  !w.start_tz || !w.end_tz || Date.parse(w.end_tz) > Date.parse(w.start_tz);

export const availabilityWindowInputSchema = z.object(windowFields).refine(endAfterStart, {
  message: 'The end must be after the start',
  path: ['end_tz'],
  ...whenFieldsParsed,
});

export const availabilityWindowsCreateSchema = z
  .array(availabilityWindowInputSchema)
  .min(1, 'Add at least one time slot')
  .max(MAX_WINDOWS_PER_SAVE);

/** PATCH …/:id: any of start, end, repeat rule and Active; a window stays with its vendor. */
export const availabilityWindowUpdateSchema = updateSchemaOf(
  z.object(windowFields).omit({ vendor_profile_id: true }),
).refine(endAfterStart, {
  message: 'The end must be after the start',
  path: ['end_tz'],
  ...whenFieldsParsed,
});

export const availabilityWindowsQuerySchema = z.object({
  vendor_profile_id: z.uuid('Not a valid vendor id'),
});

export interface AdminAvailabilityWindow {
  id: string;
  vendor_profile_id: string;
  start_tz: string;
  end_tz: string;
  recurrence_rule: RecurrenceRule | null;
  is_active: boolean;
  created_at: string;
}

// ——— The admin availability forms: wall times in the vendor's zone (decision 016) ———

const repeatField = z.enum(['none', ...recurrenceRules]);
const wallTime = z.string().min(1, 'Enter a time');

/** A form's issue from the API's window schema, on the form field it is about. */
function addWindowIssues(
  ctx: z.RefinementCtx,
  issues: readonly z.core.$ZodIssue[],
  fieldOf: (path: readonly PropertyKey[]) => PropertyKey[],
) {
  for (const { path, message } of issues) ctx.addIssue({ code: 'custom', path: fieldOf(path), message });
}

/**
 * The admin availability editor: a date, one or more wall-clock slots, a repeat rule and Active,
 * made instants in the vendor's `timeZone` and checked by availabilityWindowsCreateSchema; an end
 * not after its start is reported on that slot's end. The output is what POST …/availability takes.
 */
export function availabilityFormSchema(vendorId: string, timeZone: string) {
  return z
    .object({
      date: z.string().min(1, 'Please select a date'),
      slots: z.array(z.object({ start: wallTime, end: wallTime })),
      repeat: repeatField,
      active: z.boolean(),
    })
    .transform(({ date, slots, repeat, active }, ctx) => {
      const result = availabilityWindowsCreateSchema.safeParse(
        slots.map((slot) => ({
          vendor_profile_id: vendorId,
          start_tz: zonedWallTimeToUtc(date, slot.start, timeZone).toISOString(),
          end_tz: zonedWallTimeToUtc(date, slot.end, timeZone).toISOString(),
          recurrence_rule: repeat === 'none' ? null : repeat,
          is_active: active,
        })),
      );
      if (result.success) return result.data;
      addWindowIssues(ctx, result.error.issues, ([index, field]) =>
        typeof index === 'number' ? ['slots', index, field === 'start_tz' ? 'start' : 'end'] : ['slots'],
      );
      return z.NEVER;
    });
}
export type AvailabilityForm = z.input<ReturnType<typeof availabilityFormSchema>>;

/** Edit availability window: the same fields for one window, checked by availabilityWindowUpdateSchema. */
export function availabilityWindowFormSchema(timeZone: string) {
  return z
    .object({
      date: z.string().min(1, 'Please select a date'),
      start: wallTime,
      end: wallTime,
      repeat: repeatField,
      active: z.boolean(),
    })
    .transform(({ date, start, end, repeat, active }, ctx) => {
      const result = availabilityWindowUpdateSchema.safeParse({
        start_tz: zonedWallTimeToUtc(date, start, timeZone).toISOString(),
        end_tz: zonedWallTimeToUtc(date, end, timeZone).toISOString(),
        recurrence_rule: repeat === 'none' ? null : repeat,
        is_active: active,
      });
      if (result.success) return result.data;
      addWindowIssues(ctx, result.error.issues, ([field]) => [field === 'start_tz' ? 'start' : 'end']);
      return z.NEVER;
    });
}
export type AvailabilityWindowForm = z.input<ReturnType<typeof availabilityWindowFormSchema>>;

/**
 * The instant at which clocks in `timeZone` first show `date` (YYYY-MM-DD) at `time` (HH:MM):
 * the admin types wall times in the vendor's zone (decision 016). A time inside a spring-forward
 * gap becomes the end of the gap, as the engine treats it (decision 013).
 */
export function zonedWallTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!) / 60_000;
  const segments = offsetSegments(timeZone, wall - 2 * MINUTES_PER_DAY, wall + 2 * MINUTES_PER_DAY);
  return new Date(firstInstantAtWall(segments, wall) * 60_000);
}

/** The wall date (YYYY-MM-DD) and time (HH:MM) that clocks in `timeZone` show at `instant`. */
export function utcToZonedWallTime(instant: Date | string, timeZone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}
