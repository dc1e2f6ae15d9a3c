import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { BadgeCheck, LogOut } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { categoryLabel } from '../../shared/categories.ts';
import type { VendorAccountProfile } from '../../shared/vendor-signup.schemas.ts';
import { weekdays } from '../../shared/weekly-availability.ts';
import { Button } from '../components/ui/button.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';
import { useVendorAccountProfile } from '../features/vendor-dashboard/api/use-vendor-account.ts';
import { useVendorClaim } from '../features/vendor-dashboard/api/use-vendor-claim.ts';
import { AgendaSection } from '../features/vendor-dashboard/components/agenda-section.tsx';
import { CalendarFeedSection } from '../features/vendor-dashboard/components/calendar-feed-section.tsx';
import { CancellationPolicySection } from '../features/vendor-dashboard/components/cancellation-policy-section.tsx';
import { ClaimProfileCard } from '../features/vendor-dashboard/components/claim-profile-card.tsx';
import { EarningsSection } from '../features/vendor-dashboard/components/earnings-section.tsx';
import { EmailConfirmedNotice } from '../features/vendor-dashboard/components/email-confirmed-notice.tsx';
import { InstantBookingSetting } from '../features/vendor-dashboard/components/instant-booking-setting.tsx';
import { PendingChangeNotice } from '../features/vendor-dashboard/components/pending-change-notice.tsx';
import { PhotosSection } from '../features/vendor-dashboard/components/photos-section.tsx';
import {
  AvailabilityEditor,
  BookingSettingsEditor,
  ProfileEditor,
} from '../features/vendor-dashboard/components/profile-editors.tsx';
import { ReviewNotice } from '../features/vendor-dashboard/components/review-notice.tsx';
import { ReviewsSection } from '../features/vendor-dashboard/components/reviews-section.tsx';
import { ServicesSection } from '../features/vendor-dashboard/components/services-section.tsx';
import { StatsCard } from '../features/vendor-dashboard/components/stats-card.tsx';
import { TaxProfileSection } from '../features/vendor-dashboard/components/tax-profile-section.tsx';
import { TimeOffSection } from '../features/vendor-dashboard/components/time-off-section.tsx';
import { ApiError } from '../lib/api-client.ts';
import { paths } from '../lib/paths.ts';
import { toast } from '../lib/toast.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** product §4: approved green, pending yellow, submitted blue, anything else grey. */
const statusColors: Record<string, string> = {
  approved: 'bg-green-100 text-green-900',
  pending: 'bg-yellow-100 text-yellow-900',
  submitted: 'bg-blue-100 text-blue-900',
};

type Editor = 'profile' | 'availability' | 'settings' | null;

/** Vendor dashboard (/vendor/dashboard, product §2): requires a vendor profile. */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('vendor.dashboard.title'));
  const navigate = useNavigate();
  const profile = useVendorAccountProfile();
  const error = profile.error;
  const noProfile = error instanceof ApiError && error.status === 403;
  const signedOut = error instanceof ApiError && error.status === 401;

  useEffect(() => {
    if (noProfile) {
      // product §8: 'No Vendor Profile Found / Please complete the vendor signup process first.'
      toast.error(t('vendor.dashboard.noProfileTitle'), { description: t('vendor.dashboard.noProfileText') });
      void navigate(paths.vendorSignup.to(), { replace: true });
    } else if (error && !signedOut) {
      toast.error(t('vendor.wizard.errorTitle'), { description: t('vendor.dashboard.loadFailed') });
    }
  }, [error, noProfile, signedOut, navigate, t]);

  if (signedOut) return <Navigate to={paths.vendorAuth.to()} replace />;
  if (profile.isPending || noProfile)
    return (
      <div className="flex justify-center py-16">
        <Spinner label={t('vendor.dashboard.loading')} />
      </div>
    );
  if (!profile.data) return <ProfileNotFound />;
  return <Dashboard profile={profile.data} />;
}

function ProfileNotFound() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-stone-900">{t('vendor.dashboard.notFoundTitle')}</h1>
      <p className="text-stone-700">{t('vendor.dashboard.notFoundText')}</p>
      <Button asChild size="lg">
        <Link to={paths.vendorSignup.to()}>{t('vendor.dashboard.completeSignup')}</Link>
      </Button>
    </div>
  );
}

function Dashboard({ profile }: { profile: VendorAccountProfile }) {
  const { t, i18n } = useTranslation();
  const [editor, setEditor] = useState<Editor>(null);
  const close = () => setEditor(null);
  const statusKey = profile.application_status as keyof typeof statusColors;
  const statusText = ['approved', 'pending', 'submitted', 'rejected'].includes(profile.application_status)
    ? t(`vendor.dashboard.status.${profile.application_status as 'approved'}`)
    : profile.application_status;
  const leadHours = Math.floor(profile.lead_time_minutes / 60);
  const leadMinutes = profile.lead_time_minutes % 60;

  return (
    <div className="flex flex-col gap-5 py-2">
      <header className="flex flex-col gap-2">
        <p className="text-sm font-medium text-stone-600">{t('vendor.dashboard.title')}</p>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{profile.business_name}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <span
            className={clsx(
              'rounded-full px-2.5 py-0.5 text-xs font-semibold',
              statusColors[statusKey] ?? 'bg-stone-200 text-stone-800',
            )}
          >
            <span className="sr-only">{t('vendor.dashboard.statusLabel')}: </span>
            {statusText}
          </span>
          {profile.is_verified ? (
            <span className="inline-flex items-center gap-1 text-sm font-medium text-green-800">
              <BadgeCheck aria-hidden="true" className="size-4" />
              {t('vendor.dashboard.verified')}
            </span>
          ) : (
            <span className="text-sm text-stone-600">{t('vendor.dashboard.notVerified')}</span>
          )}
        </div>
        <Link
          to={paths.publicVendor.to(profile.slug)}
          className="inline-flex min-h-11 items-center self-start text-sm font-medium text-brand-800 underline underline-offset-2"
        >
          {t('vendor.dashboard.publicProfile')}
        </Link>
      </header>

      <EmailConfirmedNotice />
      <ReviewNotice profile={profile} />
      <PendingChangeNotice profile={profile} />
      <ClaimSection />
      {/* The agenda comes first: the requests to answer, the vendor's task of the day, then the bookings. */}
      <AgendaSection />
      {/* The month in numbers, from the same bookings. */}
      <StatsCard />
      {/* Then the days and hours the vendor keeps free of bookings. */}
      <TimeOffSection />
      {/* Then the money those bookings brought, and where it is paid. */}
      <EarningsSection />
      {/* What the law has Barrio withhold from those earnings needs the vendor's tax details. */}
      <TaxProfileSection />
      {/* Then what customers said of those bookings, to answer or report. */}
      <ReviewsSection />
      {/* And the same bookings in the vendor's own calendar app, kept up to date by a private link. */}
      <CalendarFeedSection />

      <Card title={t('vendor.dashboard.businessInfo')}>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
          <Row
            label={t('vendor.dashboard.category')}
            value={categoryLabel(profile.service_category, i18n.language)}
          />
          <Row label={t('vendor.dashboard.email')} value={profile.business_email} />
          <Row label={t('vendor.dashboard.phone')} value={profile.business_phone} />
          <Row label={t('vendor.dashboard.address')} value={profile.address} />
          <Row
            label={t('vendor.dashboard.experience')}
            value={
              profile.experience_years === null
                ? null
                : t('vendor.dashboard.experienceYears', { count: profile.experience_years })
            }
          />
          <Row label={t('vendor.dashboard.bio')} value={profile.bio} />
        </dl>
        <EditorToggle
          name="profile"
          label={t('vendor.dashboard.editProfile')}
          editor={editor}
          onOpen={setEditor}
        >
          <ProfileEditor profile={profile} onClose={close} />
        </EditorToggle>
      </Card>

      {/* What the public profile shows beside those words: the photo, the cover, the portfolio. */}
      <PhotosSection profile={profile} />

      <Card title={t('vendor.dashboard.areas')}>
        <TagList items={profile.service_areas} />
        <h3 className="font-semibold text-stone-900">{t('vendor.dashboard.languages')}</h3>
        <TagList
          items={profile.languages.map((l) => t(`vendor.wizard.languageNames.${l as 'Spanish'}`, l))}
        />
      </Card>

      <Card title={t('vendor.dashboard.bookingSettings')}>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
          <Row
            label={t('vendor.dashboard.buffer')}
            value={t('vendor.dashboard.bufferValue', { count: profile.buffer_minutes })}
          />
          <Row
            label={t('vendor.dashboard.advance')}
            value={t('vendor.dashboard.advanceValue', { count: profile.advance_booking_days })}
          />
          <Row
            label={t('vendor.dashboard.lead')}
            value={t('vendor.dashboard.leadValue', { hours: leadHours, minutes: leadMinutes })}
          />
        </dl>
        <EditorToggle
          name="settings"
          label={t('vendor.dashboard.bookingSettingsButton')}
          editor={editor}
          onOpen={setEditor}
        >
          <BookingSettingsEditor profile={profile} onClose={close} />
        </EditorToggle>
        <InstantBookingSetting profile={profile} />
      </Card>

      <CancellationPolicySection profile={profile} />

      <Card title={t('vendor.dashboard.availability')}>
        <dl
          className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm"
          aria-label={t('vendor.dashboard.availability')}
        >
          {weekdays.map((day) => {
            const { enabled, slots } = profile.availability[day];
            return (
              <Row
                key={day}
                label={t(`vendor.wizard.days.${day}`)}
                value={
                  enabled ? slots.map((s) => `${s.start}–${s.end}`).join(', ') : t('vendor.dashboard.closed')
                }
              />
            );
          })}
        </dl>
        <EditorToggle
          name="availability"
          label={t('vendor.dashboard.updateAvailability')}
          editor={editor}
          onOpen={setEditor}
        >
          <AvailabilityEditor profile={profile} onClose={close} />
        </EditorToggle>
      </Card>

      <ServicesSection />
      <SignOutButton />
    </div>
  );
}

/** An admin-created profile this account may claim, or its own claim awaiting approval. */
function ClaimSection() {
  const { t } = useTranslation();
  const claim = useVendorClaim();
  const state = claim.data;
  if (!state) return null;
  if (state.claimed && !state.claimed.approved)
    return (
      <section className="flex flex-col gap-1 rounded-2xl bg-blue-50 p-4 text-blue-950">
        <h2 className="font-semibold">{t('vendor.claim.pendingTitle')}</h2>
        <p className="text-sm">{t('vendor.claim.pendingText')}</p>
      </section>
    );
  if (!state.offer) return null;
  return <ClaimProfileCard offer={state.offer} pending={state.pending} />;
}

/** A card's button that opens its editor below it (one editor open at a time). */
function EditorToggle({
  name,
  label,
  editor,
  onOpen,
  children,
}: {
  name: NonNullable<Editor>;
  label: string;
  /** The editor open now. */
  editor: Editor;
  onOpen: (name: Editor) => void;
  children: ReactNode;
}) {
  return (
    <>
      <Button variant="secondary" onClick={() => onOpen(name)} aria-expanded={editor === name}>
        {label}
      </Button>
      {editor === name ? children : null}
    </>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm">
      <h2 className="text-lg font-semibold text-stone-900">{title}</h2>
      {children}
    </section>
  );
}

function Row({ label, value }: { label: string; value: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <dt className="font-medium text-stone-600">{label}</dt>
      <dd className="min-w-0 wrap-anywhere text-stone-900">{value || t('vendor.dashboard.none')}</dd>
    </>
  );
}

function TagList({ items }: { items: string[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="text-sm text-stone-600">{t('vendor.dashboard.none')}</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li key={item} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-900">
          {item}
        </li>
      ))}
    </ul>
  );
}

/** product §8 vendor sign out: 'Logged Out' / 'Failed to log out', then the vendor access page. */
function SignOutButton() {
  const { t } = useTranslation();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Button
      variant="secondary"
      size="lg"
      onClick={async () => {
        try {
          await signOut();
          queryClient.removeQueries({ queryKey: ['vendor-account'] });
          toast.success(t('vendor.dashboard.loggedOut'));
          void navigate(paths.vendorAuth.to());
        } catch {
          toast.error(t('vendor.dashboard.logoutFailed'));
        }
      }}
    >
      <LogOut aria-hidden="true" className="size-5" />
      {t('vendor.dashboard.signOut')}
    </Button>
  );
}
