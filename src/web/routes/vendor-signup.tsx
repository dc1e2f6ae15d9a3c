import { CheckCircle2, Mail, MessageCircle } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { defaultLanguage, type Language, switchTo } from '../../shared/language.ts';
import {
  type SignupIssueKey,
  signupMessages,
  type VendorSignupResponse,
} from '../../shared/vendor-signup.schemas.ts';
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
import {
  BusinessPhoneField,
  LabelledField,
} from '../features/vendor-onboarding/components/vendor-fields.tsx';
import { WeeklyAvailabilityEditor } from '../features/vendor-onboarding/components/weekly-availability-editor.tsx';
import {
  initialSignupState,
  type SignupFormState,
  signupFailure,
  signupFormSchema,
  withPhonePrefill,
} from '../features/vendor-onboarding/signup-form.ts';
import { i18n } from '../i18n/i18n.ts';
import { ApiError } from '../lib/api-client.ts';
import { paths } from '../lib/paths.ts';
import { toast } from '../lib/toast.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { useZodForm } from '../lib/use-zod-form.ts';

const STEPS = 3;
/** The form typed before the Google redirect comes back with the user (never the password). */
const DRAFT_KEY = 'barrio.vendorSignup.draft';

function readStep(value: string | null): 1 | 2 | 3 {
  const n = Number(value);
  return n === 2 || n === 3 ? n : 1;
}

/**
 * Vendor signup wizard (/vendor-signup, product §2). Its language is its own: Spanish by
 * default whatever the app's language, English by the toggle at the bottom-left — a clone of the
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
      {/* Room below the last button for the fixed language switch, so it never covers the form. */}
      <div lang={language} className="pb-16">
        <Wizard language={language} />
        <LanguageToggle to={switchTo[language]} onToggle={toggle} />
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
      className="fixed bottom-4 left-4 z-40 shadow-md"
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
      ? { ...initialSignupState(), ...(JSON.parse(raw) as Partial<SignupFormState>), password: '' }
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
  const [step, setStep] = useState<1 | 2 | 3 | 4>(() => readStep(stepParam));
  const [defaultValues] = useState<SignupFormState>(
    () =>
      (stepParam ? restoreDraft() : undefined) ?? withPhonePrefill(initialSignupState(), params.get('phone')),
  );
  // The form checks itself with the shared step schemas (signupFormSchema); the password
  // only while nobody is signed in, so the schema follows the session.
  const schema = useMemo(() => signupFormSchema(signedIn), [signedIn]);
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    setValue,
    formState: { errors },
  } = useZodForm(schema, { defaultValues });
  const form = watch();
  const [result, setResult] = useState<VendorSignupResponse & { email: string; phone: string }>();
  const signup = useVendorSignup();
  // The step components (shared with the dashboard) take a value and hand back a patch.
  const update = (patch: Partial<SignupFormState>) => {
    for (const key of Object.keys(patch) as (keyof SignupFormState)[])
      setValue(key, patch[key] as never, { shouldDirty: true });
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

  // product §5: validation at submit time, step by step; the first failing step is shown.
  function onInvalid(errors: FieldErrors<SignupFormState>) {
    const failure = signupFailure(
      Object.entries(errors).map(([field, error]) => ({
        path: [field],
        message: typeof error?.message === 'string' ? error.message : '',
      })),
    );
    if (!failure) return;
    setStep(failure.step);
    showIssue(failure.issue);
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
      setStep(4);
    } catch (err) {
      // product §8: stay on the step; 'Error' with the message, or the fallback in the wizard's language.
      if (err instanceof ApiError && err.status === 409 && !signedIn)
        toast.error(t('vendor.wizard.accountExistsTitle'), {
          description: t('vendor.wizard.accountExistsText'),
        });
      else
        toast.error(t('vendor.wizard.errorTitle'), {
          description:
            err instanceof ApiError && err.status === 409 ? err.message : t('vendor.wizard.errorFallback'),
        });
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // Enter in a field of steps 1–2 moves on like Next (product §5: no validation on Next).
    if (step < STEPS) setStep((s) => (s < STEPS ? ((s + 1) as 2 | 3) : s));
    else void handleSubmit(submit, onInvalid)();
  }

  if (step === 4 && result) return <Completion result={result} signedIn={signedIn} />;
  const current = step === 4 ? 3 : step;
  const percent = Math.round((current / STEPS) * 100);

  return (
    <div className="flex flex-col gap-6 py-2 pb-16">
      <header className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('vendor.wizard.title')}</h1>
        <div className="flex items-center justify-between text-sm text-stone-700">
          <span>{t('vendor.wizard.stepOf', { step: current })}</span>
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
            phoneError={
              errors.business_phone?.message === signupMessages.invalidPhone
                ? t('vendor.wizard.validation.invalidPhone')
                : undefined
            }
          />
        ) : null}
        {current === 2 ? <BusinessFields value={form} onChange={update} language={language} /> : null}
        {current === 3 ? (
          <div className="flex flex-col gap-4">
            <h3 className="font-semibold text-stone-900">{t('vendor.wizard.availability')}</h3>
            <p className="rounded-xl bg-brand-50 p-3 text-sm text-brand-900">
              {t('vendor.wizard.scheduleNote')}
            </p>
            <WeeklyAvailabilityEditor
              value={form.availability}
              onChange={(availability) => update({ availability })}
            />
            <SchedulingFields value={form} onChange={update} />
          </div>
        ) : null}
        {current === STEPS ? <PolicyConsent kind="signup" /> : null}
        <div className="flex gap-3">
          <Button
            variant="secondary"
            size="lg"
            className="flex-1"
            disabled={current === 1}
            onClick={() => setStep((s) => (s > 1 ? ((s - 1) as 1 | 2) : s))}
          >
            {t('vendor.wizard.previous')}
          </Button>
          {current < STEPS ? (
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
  phoneError,
}: {
  form: SignupFormState;
  register: UseFormRegister<SignupFormState>;
  update: (patch: Partial<SignupFormState>) => void;
  getDraft: () => SignupFormState;
  signedInEmail: string | undefined;
  /** The phone is not a valid number: said under the field (and in the toast). */
  phoneError: string | undefined;
}) {
  const { t } = useTranslation();
  const saveDraft = () => {
    const { password: _password, ...draft } = getDraft();
    try {
      sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
    } catch {
      // storage blocked: the form is typed again after the return
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <LabelledField id="business-name" label={t('vendor.wizard.businessName')}>
        <Input
          id="business-name"
          autoComplete="organization"
          placeholder={t('vendor.wizard.businessNamePlaceholder')}
          {...register('business_name')}
        />
      </LabelledField>
      <BusinessPhoneField id="business-phone" value={form} onChange={update} error={phoneError} />
      <LabelledField id="business-email" label={t('vendor.wizard.email')}>
        <Input
          id="business-email"
          type="email"
          autoComplete="email"
          placeholder={t('vendor.wizard.emailPlaceholder')}
          {...register('business_email')}
        />
      </LabelledField>
      {signedInEmail ? (
        <p className="rounded-xl bg-green-50 p-3 text-sm text-green-900">
          {t('vendor.wizard.signedInAs', { email: signedInEmail })}
        </p>
      ) : (
        <>
          <div onClickCapture={saveDraft}>
            <GoogleButton callbackURL={paths.vendorSignup.to(2)} />
          </div>
          <p className="text-center text-sm text-stone-600">{t('vendor.wizard.or')}</p>
          <LabelledField id="vendor-password" label={t('vendor.wizard.password')}>
            <PasswordField
              id="vendor-password"
              autoComplete="new-password"
              aria-describedby="password-requirements"
              {...register('password')}
            />
            <PasswordRequirements id="password-requirements" password={form.password} />
          </LabelledField>
        </>
      )}
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
