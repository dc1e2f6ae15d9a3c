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
  signupMessages,
  signupServicesSchema,
  signupStep1Schema,
  signupStep2Schema,
  signupStep3Schema,
} from '../../../shared/vendor-signup.schemas.ts';
import { defaultWeeklyAvailability, type WeeklyAvailability } from '../../../shared/weekly-availability.ts';
import type { BusinessValues } from './components/business-fields.tsx';
import type { SchedulingValues } from './components/scheduling-fields.tsx';
import type { BusinessPhone } from './components/vendor-fields.tsx';
import { draftFieldOf, emptyServiceDraft, type ServiceDraft, serviceOfDraft } from './service-draft.ts';

/** The wizard's steps: 1 Personal Info, 2 Business and Areas, 3 Services, 4 Scheduling (decision 076). */
export const SIGNUP_STEPS = 4;
export type SignupStep = 1 | 2 | 3 | 4;

/**
 * The wizard's state as the inputs hold it, its steps' fields as their components take them:
 * numbers as typed text, the category as its key (shown in the wizard's language, stored as the
 * key: decision 050), lead time in hours (product §5: labelled hours, stored as minutes).
 */
export interface SignupFormState extends BusinessPhone, BusinessValues, SchedulingValues {
  business_name: string;
  business_email: string;
  password: string;
  /** Asked of a signed-in account with a password only (PasswordAsk 'change'). */
  current_password: string;
  availability: WeeklyAvailability;
  services: ServiceDraft[];
}

export function initialSignupState(): SignupFormState {
  return {
    business_name: '',
    business_phone: '',
    business_phone_country: defaultCountry.code,
    business_email: '',
    password: '',
    current_password: '',
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
    services: [emptyServiceDraft()],
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

/**
 * Which password the wizard asks for (product §5's rule each time): a new account's ('new'); for a
 * signed-in account with a password (made at /auth, whose rule is shorter), its current one and the
 * one to use from now on ('change'); none for an account without one (Google: 'none').
 */
export type PasswordAsk = 'new' | 'change' | 'none';

/** What the wizard asks of who is (or is not) signed in. */
export const passwordAskOf = (user: { has_password: boolean } | null | undefined): PasswordAsk =>
  !user ? 'new' : user.has_password ? 'change' : 'none';

/** The request body of POST /api/vendor/signup (validated again by the same schema on the server). */
export function toSignupRequest(state: SignupFormState, ask: PasswordAsk) {
  return {
    business_name: state.business_name,
    business_phone: state.business_phone,
    business_phone_country: state.business_phone_country,
    business_email: state.business_email,
    ...(ask === 'none' ? {} : { password: state.password }),
    ...(ask === 'change' ? { current_password: state.current_password } : {}),
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
    services: state.services.map(serviceOfDraft),
  };
}

/** The wizard's step of each form field. */
const stepOfField: Record<keyof SignupFormState, SignupStep> = {
  business_name: 1,
  business_phone: 1,
  business_phone_country: 1,
  business_email: 1,
  password: 1,
  current_password: 1,
  bio: 2,
  experience_years: 2,
  category: 2,
  service_areas: 2,
  languages: 2,
  address: 2,
  services: 3,
  buffer_minutes: 4,
  advance_booking_days: 4,
  lead_time_hours: 4,
  availability: 4,
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
 * made of (the password as `ask` says). Each issue is on the form field it comes from; the output is
 * the body POST /api/vendor/signup receives.
 */
export function signupFormSchema(ask: PasswordAsk) {
  const checks: z.ZodType[] = [
    signupStep1Schema,
    // The phone is read as the server reads it, so an invalid one is said by its field before sending.
    z
      .object({ business_phone: z.string(), business_phone_country: z.enum(countryCodes) })
      .transform((phone, ctx) => businessPhoneOf(phone, ctx)),
    ...(ask === 'new' ? [z.object({ password: passwordSchema })] : []),
    ...(ask === 'change'
      ? [z.object({ current_password: z.string().min(1, signupMessages.required), password: passwordSchema })]
      : []),
    signupStep2Schema,
    // The API takes a signup without services; the wizard asks for one at least.
    signupServicesSchema.extend({
      services: signupServicesSchema.shape.services.unwrap().min(1, signupMessages.servicesRequired),
    }),
    signupStep3Schema,
  ];
  return z.custom<SignupFormState>().transform((state, ctx) => {
    const body = toSignupRequest(state, ask);
    for (const schema of checks) {
      const result = schema.safeParse(body);
      if (result.success) continue;
      for (const { path, message } of result.error.issues)
        ctx.addIssue({ code: 'custom', path: formPathOf(path), message });
    }
    return body;
  });
}

/** A request field's path as the form's: its field's name there, a service's field as its draft's. */
function formPathOf([field = '', ...rest]: readonly PropertyKey[]): PropertyKey[] {
  if (field === 'services' && rest.length >= 2) {
    const [index, name] = rest;
    return [field, index!, draftFieldOf[String(name)] ?? name!, ...rest.slice(2)];
  }
  return [formFieldOf[String(field)] ?? field, ...rest];
}

/** A failed form field and its (first) message: the wizard's form errors, or the schema's issues. */
export interface SignupFieldIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** The step a failed field is on. */
export const stepOfIssue = (issue: SignupFieldIssue): SignupStep =>
  stepOfField[String(issue.path[0]) as keyof SignupFormState] ?? 1;

/**
 * From the failed fields, the first failing step and the message its toast shows, or undefined
 * when every step passes: Next asks it of its step's fields, Create Profile of all (decision 076).
 */
export function signupFailure(
  issues: readonly SignupFieldIssue[],
): { step: SignupStep; issue: SignupIssueKey } | undefined {
  const stepOf = stepOfIssue;
  if (issues.length === 0) return undefined;
  const step = Math.min(...issues.map(stepOf)) as SignupStep;
  // signupIssueKey reads the request's field names.
  const onStep = issues
    .filter((issue) => stepOf(issue) === step)
    .map(({ path: [field = '', ...rest], message }) => ({
      path: [requestFieldOf[String(field)] ?? field, ...rest],
      message,
    }));
  if (step === 1) {
    // Personal Info first (a missing field before a phone that is not one), then the passwords (not
    // asked after Google).
    const personal = onStep
      .filter((issue) => issue.path[0] !== 'password' && issue.path[0] !== 'current_password')
      .map(signupIssueKey);
    if (personal.length > 0)
      return { step, issue: personal.every((key) => key === 'invalidPhone') ? 'invalidPhone' : 'required' };
    return { step, issue: signupIssueKey(onStep[0]!) };
  }
  if (step === 2) {
    // product §5 order: the category first, then the areas, then the other required fields.
    const keys = onStep.map(signupIssueKey);
    const issue = (['categoryRequired', 'areasRequired', 'required', 'experienceRange'] as const).find((k) =>
      keys.includes(k),
    );
    return { step, issue: issue ?? 'required' };
  }
  if (step === 3) return { step, issue: signupIssueKey(onStep[0]!) };
  return { step, issue: 'outOfRange' };
}

/** The whole check at once, outside a form: signupFailure of the form schema's issues. */
export function validateSignup(
  state: SignupFormState,
  ask: PasswordAsk,
): { step: SignupStep; issue: SignupIssueKey } | undefined {
  const result = signupFormSchema(ask).safeParse(state);
  return result.success ? undefined : signupFailure(result.error.issues);
}

/** The wizard's message under a failed field: product §5's, or the field's own range (decision 076). */
export type FieldErrorKey =
  | SignupIssueKey
  | 'currentPasswordWrong'
  | 'serviceName'
  | 'servicePrice'
  | 'serviceDuration'
  | 'bufferRange'
  | 'advanceRange'
  | 'leadRange'
  | 'slotOrder';

const rangeKeyOf: Partial<Record<string, FieldErrorKey>> = {
  buffer_minutes: 'bufferRange',
  advance_booking_days: 'advanceRange',
  lead_time_hours: 'leadRange',
  availability: 'slotOrder',
};
const serviceKeyOf: Partial<Record<string, FieldErrorKey>> = {
  name: 'serviceName',
  price: 'servicePrice',
  duration: 'serviceDuration',
};

/** Where a failed field's message is shown: the field, or a service's field ("services.0.price"). */
export function errorSlot([field = '', ...rest]: readonly PropertyKey[]): string {
  return field === 'services' && rest.length >= 2
    ? `services.${String(rest[0])}.${String(rest[1])}`
    : String(field);
}

export function fieldErrorKey({ path: [field = '', ...rest], message }: SignupFieldIssue): FieldErrorKey {
  const name = String(field);
  if (name === 'services' && rest.length >= 2) return serviceKeyOf[String(rest[1])] ?? 'serviceInvalid';
  return rangeKeyOf[name] ?? signupIssueKey({ path: [requestFieldOf[name] ?? name, ...rest], message });
}

/** Each failed field's slot and message, the first issue of a field winning. */
export function fieldErrorsOf(issues: readonly SignupFieldIssue[]): Record<string, FieldErrorKey> {
  const errors: Record<string, FieldErrorKey> = {};
  for (const issue of issues) errors[errorSlot(issue.path)] ??= fieldErrorKey(issue);
  return errors;
}
