import { CheckCircle2, Landmark, Mail, MessageCircle, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { defaultLanguage, type Language, switchTo } from '../../shared/language.ts';
import {
  SIGNUP_SERVICES_MAX,
  type SignupIssueKey,
  type VendorSignupResponse,
} from '../../shared/vendor-signup.schemas.ts';
import { FormField, fieldErrorProps } from '../components/form-field.tsx';
import { PolicyConsent } from '../components/policy-consent.tsx';
import { Button } from '../components/ui/button.tsx';
import { Input } from '../components/ui/input.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';
import { GoogleButton } from '../features/auth/components/google-button.tsx';
import { PasswordField } from '../features/auth/components/password-field.tsx';
import { ClaimProfileCard } from '../features/vendor-dashboard/components/claim-profile-card.tsx';
import { useVendorSignup } from '../features/vendor-onboarding/api/use-vendor-signup.ts';
import { BusinessFields } from '../features/vendor-onboarding/components/business-fields.tsx';
import { PasswordRequirements } from '../features/vendor-onboarding/components/password-requirements.tsx';
import { SchedulingFields } from '../features/vendor-onboarding/components/scheduling-fields.tsx';
import { ServiceFields } from '../features/vendor-onboarding/components/service-fields.tsx';
import {
  BusinessPhoneField,
  FieldError,
  LabelledField,
} from '../features/vendor-onboarding/components/vendor-fields.tsx';
import { WeeklyAvailabilityEditor } from '../features/vendor-onboarding/components/weekly-availability-editor.tsx';
import { emptyServiceDraft, type ServiceDraft } from '../features/vendor-onboarding/service-draft.ts';
import {
  type FieldErrorKey,
  fieldErrorsOf,
  initialSignupState,
  type PasswordAsk,
  passwordAskOf,
  SIGNUP_STEPS,
  type SignupFieldIssue,
  type SignupFormState,
  type SignupStep,
  signupFailure,
  signupFormSchema,
  stepOfIssue,
  withPhonePrefill,
} from '../features/vendor-onboarding/signup-form.ts';
import { i18n } from '../i18n/i18n.ts';
import { ApiError } from '../lib/api-client.ts';
import { errorTextNow } from '../lib/error-text.ts';
import { paths } from '../lib/paths.ts';
import { toast } from '../lib/toast.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { useZodForm } from '../lib/use-zod-form.ts';

/** The form typed before the Google redirect comes back with the user (never the password). */
const DRAFT_KEY = 'barrio.vendorSignup.draft';

function readStep(value: string | null): SignupStep {
  const n = Number(value);
  return n === 2 || n === 3 || n === 4 ? n : 1;
}

/**
 * Vendor signup wizard (/vendor-signup, product §2, decision 076). Its language is its own: Spanish
 * by default whatever the app's language, English by the toggle above the steps — a clone of the
 * app's i18next instance, sharing its resources, so every component inside speaks the wizard's.
 */
export function Component() {
  const [language, setLanguage] = useState<Language>(defaultLanguage);
  const instance = useMemo(() => i18n.cloneInstance({ lng: defaultLanguage, initAsync: false }), []);
  function toggle() {
    const next = switchTo[language];
    void instance.changeLanguage(next);
    setLanguage(next);
  }
  return (
    <I18nextProvider i18n={instance}>
      {/* The page's <html lang> stays the app's; the wizard's part says its own language. */}
      {/* The switch sits in the page's flow, above the steps: a fixed one covered their buttons. */}
      <div lang={language} className="flex flex-col gap-2">
        <div className="flex justify-end">
          <LanguageToggle to={switchTo[language]} onToggle={toggle} />
        </div>
        <Wizard language={language} />
      </div>
    </I18nextProvider>
  );
}

function LanguageToggle({ to, onToggle }: { to: Language; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={t('vendor.wizard.languageToggleLabel')}
      lang={to}
      onClick={onToggle}
    >
      {t('vendor.wizard.languageToggle')}
    </Button>
  );
}

function restoreDraft(): SignupFormState | undefined {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    return raw
      ? {
          ...initialSignupState(),
          ...(JSON.parse(raw) as Partial<SignupFormState>),
          password: '',
          current_password: '',
        }
      : undefined;
  } catch {
    return undefined;
  }
}

function Wizard({ language }: { language: Language }) {
  const { t } = useTranslation();
  useDocumentTitle(t('vendor.wizard.title'));
  const [params] = useSearchParams();
  const stepParam = params.get('step');
  const { user, loading, refresh } = useAuth();
  const signedIn = Boolean(user);
  const passwordAsk = passwordAskOf(user);
  const [step, setStep] = useState<SignupStep | 'done'>(() => readStep(stepParam));
  // The message under each failed field of the step last checked, by errorSlot.
  const [fieldErrors, setFieldErrors] = useState<Record<string, FieldErrorKey>>({});
  const [defaultValues] = useState<SignupFormState>(
    () =>
      (stepParam ? restoreDraft() : undefined) ?? withPhonePrefill(initialSignupState(), params.get('phone')),
  );
  // The form checks itself with the shared step schemas (signupFormSchema); the passwords asked
  // follow the session (passwordAskOf), so the schema does.
  const schema = useMemo(() => signupFormSchema(passwordAsk), [passwordAsk]);
  const { register, handleSubmit, watch, getValues, setValue } = useZodForm(schema, { defaultValues });
  const form = watch();
  const [result, setResult] = useState<VendorSignupResponse & { email: string; phone: string }>();
  const signup = useVendorSignup();
  // The step components (shared with the dashboard) take a value and hand back a patch.
  // A field typed in again loses its message until the next check ("services" clears each service's).
  const clearErrors = useCallback((changed: string[]) => {
    const cleared = (slot: string) => changed.some((c) => slot === c || slot.startsWith(`${c}.`));
    setFieldErrors((errors) =>
      Object.keys(errors).some(cleared)
        ? Object.fromEntries(Object.entries(errors).filter(([slot]) => !cleared(slot)))
        : errors,
    );
  }, []);
  const update = (patch: Partial<SignupFormState>, changed: string[] = Object.keys(patch)) => {
    for (const key of Object.keys(patch) as (keyof SignupFormState)[])
      setValue(key, patch[key] as never, { shouldDirty: true });
    clearErrors(changed);
  };
  // The inputs react-hook-form registers (name, email, password) name the event typed in them;
  // setValue's updates name none (update clears those itself).
  useEffect(() => {
    const { unsubscribe } = watch((_, { name, type }) => {
      if (name && type) clearErrors([name]);
    });
    return unsubscribe;
  }, [watch, clearErrors]);
  const errorOf = (slot: string) => {
    const key = fieldErrors[slot];
    return key ? t(`vendor.wizard.validation.${key}`) : undefined;
  };

  const returnChecked = useRef(false);
  useEffect(() => {
    if (loading || !stepParam || returnChecked.current) return;
    returnChecked.current = true; // once, when the session check has finished
    // product §2: ?step=N after a social-login return; without the session, product §8's message.
    if (!user)
      toast.error(t('vendor.wizard.errorTitle'), { description: t('vendor.wizard.googleSessionMissing') });
    else if (!getValues('business_email')) setValue('business_email', user.email);
  }, [loading, stepParam, user, t, getValues, setValue]);

  function showIssue(issue: SignupIssueKey) {
    const v = 'vendor.wizard.validation';
    if (issue === 'required') toast.error(t(`${v}.requiredTitle`), { description: t(`${v}.required`) });
    else if (issue === 'categoryRequired')
      toast.error(t(`${v}.categoryRequiredTitle`), { description: t(`${v}.categoryRequired`) });
    else if (issue === 'areasRequired')
      toast.error(t(`${v}.areasRequiredTitle`), { description: t(`${v}.areasRequired`) });
    else toast.error(t('vendor.wizard.errorTitle'), { description: t(`${v}.${issue}`) });
  }

  /** The failed fields of one step, or of every step. */
  function issuesOf(only?: SignupStep): SignupFieldIssue[] {
    const result = schema.safeParse(getValues());
    if (result.success) return [];
    return result.error.issues.filter((issue) => only === undefined || stepOfIssue(issue) === only);
  }

  /**
   * Decision 076: Next checks its step's fields, Create Profile every step's; the first failing
   * step is shown with a message under each failed field, and product §5's toast.
   */
  function check(only?: SignupStep): boolean {
    const issues = issuesOf(only);
    const failure = signupFailure(issues);
    if (!failure) {
      setFieldErrors({});
      return true;
    }
    setStep(failure.step);
    setFieldErrors(fieldErrorsOf(issues.filter((issue) => stepOfIssue(issue) === failure.step)));
    showIssue(failure.issue);
    return false;
  }

  async function submit(body: ReturnType<typeof schema.parse>) {
    try {
      // The wizard's language becomes the account's: its mails and WhatsApp messages (decision 068).
      const created = await signup.mutateAsync({ ...body, language });
      sessionStorage.removeItem(DRAFT_KEY);
      if (signedIn) await refresh();
      toast.success(t('vendor.wizard.successTitle'), {
        description: created.confirmationMailQueued
          ? t('vendor.wizard.successText')
          : t('vendor.wizard.successTextGoogle'),
      });
      setResult({ ...created, email: body.business_email.trim(), phone: body.business_phone });
      setStep('done');
    } catch (err) {
      // product §8: stay on the step; 'Error' with the message, or the fallback in the wizard's language.
      if (err instanceof ApiError && err.reason === 'current_password_wrong') {
        // Said under its field on step 1, as Next's checks are.
        setStep(1);
        setFieldErrors({ current_password: 'currentPasswordWrong' });
        toast.error(t('vendor.wizard.errorTitle'), {
          description: t('vendor.wizard.validation.currentPasswordWrong'),
        });
      } else if (err instanceof ApiError && err.status === 409 && !signedIn)
        toast.error(t('vendor.wizard.accountExistsTitle'), {
          description: t('vendor.wizard.accountExistsText'),
        });
      else
        toast.error(t('vendor.wizard.errorTitle'), {
          description:
            err instanceof ApiError && err.status === 409
              ? errorTextNow(err)
              : t('vendor.wizard.errorFallback'),
        });
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (step === 'done') return;
    // Next (and Enter in a field) moves on once the step's own fields pass.
    if (step < SIGNUP_STEPS) {
      if (check(step)) setStep((step + 1) as SignupStep);
    } else if (check()) void handleSubmit(submit)();
  }

  if (step === 'done' && result) return <Completion result={result} signedIn={signedIn} />;
  const current = step === 'done' ? SIGNUP_STEPS : step;
  const percent = Math.round((current / SIGNUP_STEPS) * 100);

  return (
    <div className="flex flex-col gap-6 py-2 pb-16">
      <header className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('vendor.wizard.title')}</h1>
        <div className="flex items-center justify-between text-sm text-stone-700">
          <span>{t('vendor.wizard.stepOf', { step: current, steps: SIGNUP_STEPS })}</span>
          <span>{percent}%</span>
        </div>
        <div
          role="progressbar"
          aria-label={t('vendor.wizard.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 w-full overflow-hidden rounded-full bg-stone-200"
        >
          <div className="h-full rounded-full bg-brand-700 transition-all" style={{ width: `${percent}%` }} />
        </div>
        <h2 className="text-lg font-semibold text-stone-900">
          {t(`vendor.wizard.stepTitles.step${current}`)}
        </h2>
      </header>
      <form noValidate className="flex flex-col gap-6" onSubmit={onSubmit}>
        {current === 1 ? (
          <StepPersonal
            form={form}
            register={register}
            update={update}
            getDraft={getValues}
            signedInEmail={user?.email}
            passwordAsk={passwordAsk}
            errorOf={errorOf}
          />
        ) : null}
        {current === 2 ? (
          <BusinessFields
            value={form}
            onChange={update}
            language={language}
            errors={{
              experience_years: errorOf('experience_years'),
              category: errorOf('category'),
              service_areas: errorOf('service_areas'),
              address: errorOf('address'),
            }}
          />
        ) : null}
        {current === 3 ? <ServicesStep services={form.services} onChange={update} errorOf={errorOf} /> : null}
        {current === 4 ? (
          <div className="flex flex-col gap-4">
            <h3 className="font-semibold text-stone-900">{t('vendor.wizard.availability')}</h3>
            <p className="rounded-xl bg-brand-50 p-3 text-sm text-brand-900">
              {t('vendor.wizard.scheduleNote')}
            </p>
            <WeeklyAvailabilityEditor
              value={form.availability}
              onChange={(availability) => update({ availability })}
            />
            <FieldError id="vendor-availability" error={errorOf('availability')} />
            <SchedulingFields
              value={form}
              onChange={update}
              errors={{
                buffer_minutes: errorOf('buffer_minutes'),
                advance_booking_days: errorOf('advance_booking_days'),
                lead_time_hours: errorOf('lead_time_hours'),
              }}
            />
          </div>
        ) : null}
        {current === SIGNUP_STEPS ? <PolicyConsent kind="signup" /> : null}
        <div className="flex gap-3">
          <Button
            variant="secondary"
            size="lg"
            className="flex-1"
            disabled={current === 1}
            onClick={() => setStep(current > 1 ? ((current - 1) as SignupStep) : current)}
          >
            {t('vendor.wizard.previous')}
          </Button>
          {current < SIGNUP_STEPS ? (
            <Button type="submit" size="lg" className="flex-1">
              {t('vendor.wizard.next')}
            </Button>
          ) : (
            <Button type="submit" size="lg" className="flex-1" disabled={signup.isPending}>
              {signup.isPending ? t('vendor.wizard.creating') : t('vendor.wizard.create')}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}

function StepPersonal({
  form,
  register,
  update,
  getDraft,
  signedInEmail,
  passwordAsk,
  errorOf,
}: {
  form: SignupFormState;
  register: UseFormRegister<SignupFormState>;
  update: (patch: Partial<SignupFormState>) => void;
  getDraft: () => SignupFormState;
  signedInEmail: string | undefined;
  passwordAsk: PasswordAsk;
  /** A failed field's message, said under it (and in the toast). */
  errorOf: (slot: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const saveDraft = () => {
    const { password: _password, current_password: _current, ...draft } = getDraft();
    try {
      sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
    } catch {
      // storage blocked: the form is typed again after the return
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <FormField id="business-name" label={t('vendor.wizard.businessName')} error={errorOf('business_name')}>
        <Input
          id="business-name"
          autoComplete="organization"
          placeholder={t('vendor.wizard.businessNamePlaceholder')}
          {...fieldErrorProps(errorOf('business_name'), 'business-name')}
          {...register('business_name')}
        />
      </FormField>
      <BusinessPhoneField
        id="business-phone"
        value={form}
        onChange={update}
        error={errorOf('business_phone')}
      />
      <FormField id="business-email" label={t('vendor.wizard.email')} error={errorOf('business_email')}>
        <Input
          id="business-email"
          type="email"
          autoComplete="email"
          placeholder={t('vendor.wizard.emailPlaceholder')}
          {...fieldErrorProps(errorOf('business_email'), 'business-email')}
          {...register('business_email')}
        />
      </FormField>
      {passwordAsk === 'none' ? (
        <p className="rounded-xl bg-green-50 p-3 text-sm text-green-900">
          {t('vendor.wizard.signedInAs', { email: signedInEmail })}
        </p>
      ) : null}
      {passwordAsk === 'change' ? (
        <>
          <p className="rounded-xl bg-blue-50 p-3 text-sm text-blue-950">
            {t('vendor.wizard.signedInWithPassword', { email: signedInEmail })}
          </p>
          <LabelledField
            id="vendor-current-password"
            label={t('vendor.wizard.currentPassword')}
            error={errorOf('current_password')}
          >
            <PasswordField
              id="vendor-current-password"
              autoComplete="current-password"
              aria-invalid={errorOf('current_password') ? true : undefined}
              aria-describedby={errorOf('current_password') ? 'vendor-current-password-error' : undefined}
              {...register('current_password')}
            />
          </LabelledField>
        </>
      ) : null}
      {passwordAsk === 'new' ? (
        <>
          <div onClickCapture={saveDraft}>
            <GoogleButton
              callbackURL={paths.vendorSignup.to(2)}
              // product §8: the wizard's social signup failure is "Error" / "Google signup failed".
              failure={{
                title: t('vendor.wizard.errorTitle'),
                fallback: t('vendor.wizard.googleSignupFailed'),
              }}
            />
          </div>
          <p className="text-center text-sm text-stone-600">{t('vendor.wizard.or')}</p>
        </>
      ) : null}
      {passwordAsk !== 'none' ? (
        <LabelledField
          id="vendor-password"
          label={t(passwordAsk === 'change' ? 'vendor.wizard.newPassword' : 'vendor.wizard.password')}
          error={errorOf('password')}
        >
          <PasswordField
            id="vendor-password"
            autoComplete="new-password"
            aria-invalid={errorOf('password') ? true : undefined}
            aria-describedby={
              errorOf('password') ? 'password-requirements vendor-password-error' : 'password-requirements'
            }
            {...register('password')}
          />
          <PasswordRequirements id="password-requirements" password={form.password} />
        </LabelledField>
      ) : null}
    </div>
  );
}

/**
 * Step 3 (decision 076): what customers can book, at least one service, so that the profile is
 * bookable once approved. Each service's fields are the dashboard's service form's.
 */
function ServicesStep({
  services,
  onChange,
  errorOf,
}: {
  services: ServiceDraft[];
  onChange: (patch: Partial<SignupFormState>, changed: string[]) => void;
  errorOf: (slot: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const edit = (index: number, name: keyof ServiceDraft, value: string) =>
    onChange({ services: services.map((s, i) => (i === index ? { ...s, [name]: value } : s)) }, [
      `services.${index}.${name}`,
    ]);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-stone-700">{t('vendor.wizard.servicesIntro')}</p>
      <FieldError id="vendor-services" error={errorOf('services')} />
      {services.map((service, index) => {
        const number = index + 1;
        const titleId = `service-${index}-title`;
        return (
          <fieldset
            // Drafts have no id of their own; their fields are controlled, so a removed one shifting
            // the rest shows each its own values (and the messages go: see Remove).
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            aria-labelledby={titleId}
            className="flex flex-col gap-3 rounded-xl border border-stone-200 p-3"
          >
            <div className="flex items-center justify-between gap-2">
              <h3 id={titleId} className="font-semibold text-stone-900">
                {t('vendor.wizard.serviceNumber', { number })}
              </h3>
              {services.length > 1 ? (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('vendor.wizard.removeService', { number })}
                  onClick={() => onChange({ services: services.filter((_, i) => i !== index) }, ['services'])}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              ) : null}
            </div>
            <ServiceFields
              idPrefix={`service-${index}`}
              field={(name) => ({ value: service[name], onChange: (e) => edit(index, name, e.target.value) })}
              errors={{
                name: errorOf(`services.${index}.name`),
                price: errorOf(`services.${index}.price`),
                duration: errorOf(`services.${index}.duration`),
              }}
            />
          </fieldset>
        );
      })}
      {services.length < SIGNUP_SERVICES_MAX ? (
        <Button variant="soft" onClick={() => onChange({ services: [...services, emptyServiceDraft()] }, [])}>
          <Plus aria-hidden="true" className="size-4" />
          {t('vendor.wizard.addService')}
        </Button>
      ) : null}
    </div>
  );
}

function Completion({
  result,
  signedIn,
}: {
  result: VendorSignupResponse & { email: string; phone: string };
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="flex flex-col items-center gap-5 py-6 pb-16 text-center">
      <CheckCircle2 aria-hidden="true" className="size-16 text-green-700" />
      <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('vendor.wizard.doneTitle')}</h1>
      <p className="text-stone-700">{t('vendor.wizard.doneText')}</p>
      <div className="flex w-full flex-col gap-3 text-left">
        <p className="flex gap-3 rounded-xl bg-brand-50 p-3 text-sm text-brand-900">
          <Mail aria-hidden="true" className="size-5 shrink-0" />
          {result.confirmationMailQueued
            ? t('vendor.wizard.emailNotice', { email: result.email })
            : t('vendor.wizard.emailNoticeConfirmed', { email: result.email })}
        </p>
        <p className="flex gap-3 rounded-xl bg-green-50 p-3 text-sm text-green-900">
          <MessageCircle aria-hidden="true" className="size-5 shrink-0" />
          {t('vendor.wizard.whatsappNotice', { phone: result.phone })}
        </p>
        {/* What the dashboard asks next, said now: the CLABE and the tax details (decision 098). */}
        <p className="flex gap-3 rounded-xl bg-stone-100 p-3 text-sm text-stone-800">
          <Landmark aria-hidden="true" className="size-5 shrink-0" />
          {t('vendor.wizard.taxNotice')}
        </p>
        {/* A matching admin-created profile is offered, never taken over by the signup. */}
        {result.claim ? <ClaimProfileCard offer={result.claim} signedIn={signedIn} /> : null}
      </div>
      <div className="flex w-full gap-3">
        <Button
          variant="secondary"
          size="lg"
          className="flex-1"
          onClick={() => {
            // Browsers close only windows a script opened; otherwise the app goes home instead.
            window.close();
            void navigate(paths.home.to());
          }}
        >
          {t('vendor.wizard.closeWindow')}
        </Button>
        <Button asChild size="lg" className="flex-1">
          <Link to={paths.vendorAuth.to()}>{t('vendor.wizard.login')}</Link>
        </Button>
      </div>
    </section>
  );
}
