import { ArrowLeft, LogIn } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { leadPhotoOf } from '../../shared/vendor-photo-display.ts';
import { Button, buttonClassName } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';
import { LazyBookingForm } from '../features/bookings/components/lazy-booking-form.tsx';
import { VendorReviews } from '../features/reviews/components/vendor-reviews.tsx';
import { useVendorProfile } from '../features/vendors/api/use-vendor-profile.ts';
import { PortfolioGallery } from '../features/vendors/components/portfolio-gallery.tsx';
import {
  type ProfileTab,
  ProfileTabs,
  parseProfileTab,
} from '../features/vendors/components/profile-tabs.tsx';
import { ServiceList } from '../features/vendors/components/service-list.tsx';
import { SimilarVendors } from '../features/vendors/components/similar-vendors.tsx';
import {
  SignUpPrompt,
  VendorAbout,
  VendorNotFound,
  VendorProfileCard,
} from '../features/vendors/components/vendor-profile.tsx';
import { ApiError } from '../lib/api-client.ts';
import { paths } from '../lib/paths.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { useErrorToast } from '../lib/use-error-toast.ts';

/**
 * The public vendor profile (/public/vendor/:vendorId, product §2): the id may be a real id or a slug;
 * `?tab=` picks about, services (the default) or reviews.
 */
export function Component() {
  const { t } = useTranslation();
  const { vendorId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab = parseProfileTab(params.get('tab'));
  const profile = useVendorProfile(vendorId);
  const notFound = profile.error instanceof ApiError && profile.error.status === 404;
  // product §8: 'Vendor not found' and 'Failed to load vendor profile.'
  useErrorToast('vendor-load', profile, {
    title: notFound ? t('discovery.profile.notFoundToast') : t('discovery.profile.loadError'),
  });
  const vendor = profile.data;
  useDocumentTitle(
    vendor?.business_name ?? (notFound ? t('discovery.profile.notFound.title') : t('screens.publicVendor')),
  );

  const tablist = useRef<HTMLDivElement>(null);
  const selectTab = (next: ProfileTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('tab', next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  // A service's Book button: that service in the booking form, which comes into view.
  const bookService = (serviceId: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('tab', 'services');
        updated.set('service', serviceId);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  const { hash } = useLocation();
  // Sign In and the sign-up prompt are for visitors: once the session is known and there is one, neither.
  const auth = useAuth();
  const signedOut = !auth.loading && !auth.user;
  const seeServices = () => {
    selectTab('services');
    tablist.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    tablist.current?.querySelector<HTMLElement>('[data-tab="services"]')?.focus({ preventScroll: true });
  };

  return (
    <div className="flex flex-col gap-4 py-2">
      <nav className="flex items-center justify-between gap-4">
        <Link
          to={paths.vendors.to()}
          className="tap-target -ml-2 inline-flex h-10 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-stone-700 hover:bg-stone-100"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('discovery.profile.back')}
        </Link>
        {signedOut ? (
          <Link to={paths.auth.to()} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
            <LogIn aria-hidden="true" className="size-4" />
            {t('discovery.profile.signIn')}
          </Link>
        ) : null}
      </nav>

      {profile.isPending ? (
        <ProfileSkeleton label={t('discovery.profile.loading')} />
      ) : notFound ? (
        <VendorNotFound />
      ) : !vendor ? (
        <div className="flex flex-col items-center gap-4 rounded-2xl border border-stone-200 bg-white px-6 py-10 text-center">
          <h1 className="text-lg font-semibold text-stone-900">{t('screens.publicVendor')}</h1>
          <p className="text-stone-700">{t('discovery.profile.loadError')}</p>
          <Button variant="secondary" onClick={() => void profile.refetch()}>
            {t('discovery.profile.retry')}
          </Button>
        </div>
      ) : (
        <>
          <UnderReviewNotice status={vendor.application_status} />
          <VendorProfileCard vendor={vendor} onSeeServices={seeServices} />
          <PortfolioGallery
            photos={vendor.portfolio}
            services={vendor.services}
            vendorName={vendor.business_name}
            leadFirst={leadPhotoOf(vendor) === vendor.portfolio[0]}
          />
          <ProfileTabs
            label={t('discovery.profile.tabsLabel')}
            active={tab}
            onSelect={selectTab}
            tablistRef={tablist}
            tabs={{
              about: { label: t('discovery.profile.tabs.about'), panel: <VendorAbout vendor={vendor} /> },
              services: {
                label: t('discovery.profile.tabs.services'),
                // product §2: "the booking form lives on the services tab".
                panel: (
                  <>
                    <ServiceList
                      services={vendor.services}
                      hourly={vendor.pricing_type === 'hourly'}
                      onBook={bookService}
                    />
                    {vendor.application_status !== 'approved' ? (
                      // Decision 048: only approved vendors take bookings.
                      <p className="rounded-xl bg-stone-100 px-4 py-3 text-sm text-stone-700">
                        {t('discovery.profile.underReview.bookings')}
                      </p>
                    ) : vendor.services.length > 0 ? (
                      <LazyBookingForm
                        vendor={vendor}
                        services={vendor.services}
                        preselectedServiceId={params.get('service') ?? undefined}
                        preselectedStart={params.get('start') ?? undefined}
                        focusOnLoad={hash === '#book'}
                      />
                    ) : null}
                  </>
                ),
              },
              reviews: {
                label: t('discovery.profile.tabs.reviews'),
                // A key per vendor: moving to a similar vendor starts its tab afresh, unloaded.
                panel: <VendorReviews key={vendor.slug} vendor={vendor} active={tab === 'reviews'} />,
              },
            }}
          />
          {signedOut ? <SignUpPrompt /> : null}
          <SimilarVendors idOrSlug={vendor.slug} />
        </>
      )}
    </div>
  );
}

/**
 * Decision 048: a profile that is not approved reaches only its owner and admins; it says so, so
 * that nobody takes it for the public page.
 */
function UnderReviewNotice({ status }: { status: string }) {
  const { t } = useTranslation();
  if (status === 'approved') return null;
  const rejected = status === 'rejected';
  return (
    <section role="status" className="flex flex-col gap-1 rounded-2xl bg-blue-50 p-4 text-blue-950">
      <p className="font-semibold">
        {rejected
          ? t('discovery.profile.underReview.rejectedTitle')
          : t('discovery.profile.underReview.title')}
      </p>
      <p className="text-sm">
        {rejected ? t('discovery.profile.underReview.rejectedText') : t('discovery.profile.underReview.text')}
      </p>
    </section>
  );
}

function ProfileSkeleton({ label }: { label: string }) {
  return (
    <section aria-busy="true" className="flex flex-col gap-4">
      <p role="status" className="sr-only">
        {label}
      </p>
      <div className="overflow-hidden rounded-2xl border border-stone-200 bg-white">
        <Skeleton className="h-28 rounded-none" />
        <div className="flex flex-col gap-3 p-4">
          <Skeleton className="-mt-12 size-24 rounded-2xl border-4 border-white" />
          <Skeleton className="h-7 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-12 w-full rounded-xl" />
        </div>
      </div>
      <Skeleton className="h-12 w-full rounded-xl" />
    </section>
  );
}
