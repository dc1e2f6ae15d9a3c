import { z } from 'zod';
import {
  DEFAULT_ADVANCE_BOOKING_DAYS,
  DEFAULT_BUFFER_MINUTES,
  DEFAULT_LEAD_TIME_MINUTES,
} from '../../../shared/constants.ts';
import { countryCodes, defaultCountry } from '../../../shared/countries.ts';
import { splitE164, toE164 } from '../../../shared/phone.ts';
import {
  businessPhoneOf,
  passwordSchema,
  type SignupIssueKey,
  signupIssueKey,
  signupStep1Schema,
  signupStep2Schema,
  signupStep3Schema,
} from '../../../shared/vendor-signup.schemas.ts';
import { defaultWeeklyAvailability, type WeeklyAvailability } from '../../../shared/weekly-availability.ts';
import type { BusinessValues } from './components/business-fields.tsx';
import type { SchedulingValues } from './components/scheduling-fields.tsx';
import type { BusinessPhone } from './components/vendor-fields.tsx';

/**
 * The wizard's state as the inputs hold it, its steps' fields as their components take them:
 * numbers as typed text, the category as its key (shown in the wizard's language, stored as the
 * key: decision 050), lead time in hours (product §5: labelled hours, stored as minutes).
 */
export interface SignupFormState extends BusinessPhone, BusinessValues, SchedulingValues {
  business_name: string;
  business_email: string;
  password: string;
  availability: WeeklyAvailability;
}

export function initialSignupState(): SignupFormState {
  return {
    business_name: '',
    business_phone: '',
    business_phone_country: defaultCountry.code,
    business_email: '',
    password: '',
    bio: '',
    experience_years: '',
    category: null,
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
 * The WhatsApp REGISTER command links to /vendor-signup?phone=+52… (ARCHITECTURE §9): step 1 starts with
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

/** The request body of POST /api/vendor/signup (validated again by the same schema on the server). */
export function toSignupRequest(state: SignupFormState, signedIn: boolean) {
  return {
    business_name: state.business_name,
    business_phone: state.business_phone,
    business_phone_country: state.business_phone_country,
    business_email: state.business_email,
    ...(signedIn ? {} : { password: state.password }),
    bio: state.bio,
    experience_years: numberOrUndefined(state.experience_years) ?? null,
    service_category: state.category ?? '',
    service_areas: state.service_areas,
    languages: state.languages,
    address: state.address,
    buffer_minutes: numberOrUndefined(state.buffer_minutes),
    advance_booking_days: numberOrUndefined(state.advance_booking_days),
    lead_time_minutes: hoursToMinutes(state.lead_time_hours),
    availability: state.availability,
  };
}

/** The wizard's step of each form field (product §2: 1 Personal Info, 2 Business and Areas, 3 Scheduling). */
const stepOfField: Record<keyof SignupFormState, 1 | 2 | 3> = {
  business_name: 1,
  business_phone: 1,
  business_phone_country: 1,
  business_email: 1,
  password: 1,
  bio: 2,
  experience_years: 2,
  category: 2,
  service_areas: 2,
  languages: 2,
  address: 2,
  buffer_minutes: 3,
  advance_booking_days: 3,
  lead_time_hours: 3,
  availability: 3,
};

/** Where a request field and the form field it is typed in have different names. */
const formFieldOf: Record<string, keyof SignupFormState> = {
  service_category: 'category',
  lead_time_minutes: 'lead_time_hours',
};
const requestFieldOf: Record<string, string> = Object.fromEntries(
  Object.entries(formFieldOf).map(([request, form]) => [form, request]),
);

/**
 * The wizard's form schema (the resolver of its react-hook-form): the state as the inputs
 * hold it, turned into the request body and checked by the shared step schemas the server's own is
 * made of (the password only without a Google session). Each issue is on the form field it comes
 * from; the output is the body POST /api/vendor/signup receives.
 */
export function signupFormSchema(signedIn: boolean) {
  const checks: z.ZodType[] = [
    signupStep1Schema,
    // The phone is read as the server reads it, so an invalid one is said by its field before sending.
    z
      .object({ business_phone: z.string(), business_phone_country: z.enum(countryCodes) })
      .transform((phone, ctx) => businessPhoneOf(phone, ctx)),
    ...(signedIn ? [] : [z.object({ password: passwordSchema })]),
    signupStep2Schema,
    signupStep3Schema,
  ];
  return z.custom<SignupFormState>().transform((state, ctx) => {
    const body = toSignupRequest(state, signedIn);
    for (const schema of checks) {
      const result = schema.safeParse(body);
      if (result.success) continue;
      for (const { path, message } of result.error.issues) {
        const [field = '', ...rest] = path;
        ctx.addIssue({ code: 'custom', path: [formFieldOf[String(field)] ?? field, ...rest], message });
      }
    }
    return body;
  });
}

/** A failed form field and its (first) message: the wizard's form errors, or the schema's issues. */
export interface SignupFieldIssue {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * product §5: validation runs at submit time, step by step. From the failed fields, the first failing
 * step and the message it shows, or undefined when every step passes.
 */
export function signupFailure(
  issues: readonly SignupFieldIssue[],
): { step: 1 | 2 | 3; issue: SignupIssueKey } | undefined {
  const stepOf = (issue: SignupFieldIssue) =>
    stepOfField[String(issue.path[0]) as keyof SignupFormState] ?? 1;
  if (issues.length === 0) return undefined;
  const step = Math.min(...issues.map(stepOf)) as 1 | 2 | 3;
  // signupIssueKey reads the request's field names.
  const onStep = issues
    .filter((issue) => stepOf(issue) === step)
    .map(({ path: [field = '', ...rest], message }) => ({
      path: [requestFieldOf[String(field)] ?? field, ...rest],
      message,
    }));
  if (step === 1) {
    // Personal Info first (a missing field before a phone that is not one), then the password (not
    // asked after Google).
    const personal = onStep.filter((issue) => issue.path[0] !== 'password').map(signupIssueKey);
    if (personal.length > 0)
      return { step, issue: personal.every((key) => key === 'invalidPhone') ? 'invalidPhone' : 'required' };
    return { step, issue: signupIssueKey(onStep[0]!) };
  }
  if (step === 2) {
    // product §5 order: the category first, then the areas, then the other required fields.
    const keys = onStep.map(signupIssueKey);
    const issue = (['categoryRequired', 'areasRequired', 'required', 'outOfRange'] as const).find((k) =>
      keys.includes(k),
    );
    return { step, issue: issue ?? 'required' };
  }
  return { step, issue: 'outOfRange' };
}

/** The whole check at once, outside a form: signupFailure of the form schema's issues. */
export function validateSignup(
  state: SignupFormState,
  signedIn: boolean,
): { step: 1 | 2 | 3; issue: SignupIssueKey } | undefined {
  const result = signupFormSchema(signedIn).safeParse(state);
  return result.success ? undefined : signupFailure(result.error.issues);
}
