import { signupCategories } from '../../../shared/categories.ts';
import {
  DEFAULT_ADVANCE_BOOKING_DAYS,
  DEFAULT_BUFFER_MINUTES,
  DEFAULT_LEAD_TIME_MINUTES,
} from '../../../shared/constants.ts';
import { type CountryCode, defaultCountry } from '../../../shared/countries.ts';
import { splitE164, toE164 } from '../../../shared/phone.ts';
import {
  passwordSchema,
  type SignupIssueKey,
  signupIssueKey,
  signupStep1Schema,
  signupStep2Schema,
  signupStep3Schema,
} from '../../../shared/vendor-signup.schemas.ts';
import { defaultWeeklyAvailability, type WeeklyAvailability } from '../../../shared/weekly-availability.ts';

/**
 * The wizard's state as the inputs hold it: numbers as typed text, the category as an index into
 * the signup list (so that switching the wizard's language keeps the choice, spec §3: the stored
 * value is the entry in the chosen language), lead time in hours (spec §5: labelled hours, stored
 * as minutes).
 */
export interface SignupFormState {
  business_name: string;
  business_phone: string;
  business_phone_country: CountryCode;
  business_email: string;
  password: string;
  bio: string;
  experience_years: string;
  category_index: number | null;
  service_areas: string[];
  languages: string[];
  address: string;
  buffer_minutes: string;
  advance_booking_days: string;
  lead_time_hours: string;
  availability: WeeklyAvailability;
}

export type WizardLanguage = 'es-MX' | 'en';

export function initialSignupState(): SignupFormState {
  return {
    business_name: '',
    business_phone: '',
    business_phone_country: defaultCountry.code,
    business_email: '',
    password: '',
    bio: '',
    experience_years: '',
    category_index: null,
    service_areas: [],
    languages: [],
    address: '',
    buffer_minutes: String(DEFAULT_BUFFER_MINUTES),
    advance_booking_days: String(DEFAULT_ADVANCE_BOOKING_DAYS),
    lead_time_hours: String(DEFAULT_LEAD_TIME_MINUTES / 60),
    availability: defaultWeeklyAvailability(),
  };
}

/** '' stays '' (then the schema's default or "required" applies); anything else is a number. */
const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Number(text));

/**
 * The WhatsApp REGISTER command links to /vendor-signup?phone=+52… (DESIGN §9): step 1 starts with
 * that number in the phone field and its country in the picker. Anything that is not a valid phone
 * is ignored.
 */
export function withPhonePrefill(state: SignupFormState, phone: string | null | undefined): SignupFormState {
  const e164 = phone ? toE164(phone) : undefined;
  if (!e164) return state;
  const { country, national } = splitE164(e164);
  return { ...state, business_phone: national, business_phone_country: country };
}

export function hoursToMinutes(hours: string): number | undefined {
  const value = numberOrUndefined(hours);
  return value === undefined ? undefined : Math.round(value * 60);
}

export function categoryValue(index: number | null, language: WizardLanguage): string {
  const entry = index === null ? undefined : signupCategories[index];
  if (!entry) return '';
  return language === 'es-MX' ? entry.es : entry.en;
}

/** The request body of POST /api/vendor/signup (validated again by the same schema on the server). */
export function toSignupRequest(state: SignupFormState, language: WizardLanguage, signedIn: boolean) {
  return {
    business_name: state.business_name,
    business_phone: state.business_phone,
    business_phone_country: state.business_phone_country,
    business_email: state.business_email,
    ...(signedIn ? {} : { password: state.password }),
    bio: state.bio,
    experience_years: numberOrUndefined(state.experience_years) ?? null,
    service_category: categoryValue(state.category_index, language),
    service_areas: state.service_areas,
    languages: state.languages,
    address: state.address,
    buffer_minutes: numberOrUndefined(state.buffer_minutes),
    advance_booking_days: numberOrUndefined(state.advance_booking_days),
    lead_time_minutes: hoursToMinutes(state.lead_time_hours),
    availability: state.availability,
  };
}

/**
 * spec §5: validation runs at submit time, step by step, with the shared schemas. Returns the first
 * failing step and the message it shows, or undefined when every step passes.
 */
export function validateSignup(
  state: SignupFormState,
  language: WizardLanguage,
  signedIn: boolean,
): { step: 1 | 2 | 3; issue: SignupIssueKey } | undefined {
  const body = toSignupRequest(state, language, signedIn);
  const step1 = signupStep1Schema.safeParse(body);
  if (!step1.success) return { step: 1, issue: 'required' };
  if (!signedIn) {
    const password = passwordSchema.safeParse(state.password);
    if (!password.success)
      return { step: 1, issue: signupIssueKey({ ...password.error.issues[0]!, path: ['password'] }) };
  }
  const step2 = signupStep2Schema.safeParse(body);
  if (!step2.success) {
    // spec §5 order: the category first, then the areas, then the other required fields.
    const keys = step2.error.issues.map(signupIssueKey);
    const issue = (['categoryRequired', 'areasRequired', 'required', 'outOfRange'] as const).find((k) =>
      keys.includes(k),
    );
    return { step: 2, issue: issue ?? 'required' };
  }
  const step3 = signupStep3Schema.safeParse(body);
  if (!step3.success) return { step: 3, issue: 'outOfRange' };
  return undefined;
}
