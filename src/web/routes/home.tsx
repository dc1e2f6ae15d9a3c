import { ChevronRight, History, LogIn, Store, UserRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { browseCategories } from '../../shared/categories.ts';
import { FEATURED_VENDORS } from '../../shared/constants.ts';
import { EmptyNote } from '../components/empty-note.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { buttonClassName } from '../components/ui/button.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';
import { useMyBookings } from '../features/bookings/api/use-my-bookings.ts';
import { formatBookingWhen } from '../features/bookings/booking-when.ts';
import { useFeaturedVendors } from '../features/vendors/api/use-vendor-profile.ts';
import { CategoryChips } from '../features/vendors/components/category-chips.tsx';
import { SearchField } from '../features/vendors/components/search-field.tsx';
import { VendorCard, VendorCardSkeleton } from '../features/vendors/components/vendor-card.tsx';
import { loadStrings } from '../i18n/i18n.ts';
import { paths } from '../lib/paths.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { useErrorToast } from '../lib/use-error-toast.ts';

// The connect-contacts card and the recommendations are for signed-in users only; as a
// separate chunk, visitors never download them (decision 019).
const HomeContacts = lazy(() =>
  Promise.all([import('../features/contacts/components/home-contacts.tsx'), loadStrings(['contacts'])]).then(
    ([module]) => module,
  ),
);

/**
 * Home, Find Services (product §2): the title, the profile link, the search box, the chips, Recent
 * Activity and up to 3 featured vendors. Recent Activity and the recommendations from contacts are
 * the signed-in user's own data (ARCHITECTURE §12); a visitor sees an honest empty state, never sample
 * entries.
 */
export function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.home'));
  const navigate = useNavigate();
  const [text, setText] = useState('');
  return (
    <div className="flex flex-col gap-5 py-2">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('screens.home')}</h1>
          <p className="mt-1 text-sm text-stone-600">{t('home.subtitle')}</p>
        </div>
        <Link
          to={paths.profile.to()}
          className="flex size-11 shrink-0 items-center justify-center rounded-full border border-stone-200 bg-white text-stone-700 shadow-xs hover:bg-stone-50"
        >
          <UserRound aria-hidden="true" className="size-5" />
          <span className="sr-only">{t('home.profile')}</span>
        </Link>
      </div>
      <SearchField
        suggest
        action={paths.vendors.to()}
        value={text}
        onChange={setText}
        onSubmit={(value) => {
          const q = value.trim();
          void navigate(paths.vendors.to(q ? { q } : {}));
        }}
      />
      {/* product §2: on Home, All goes to / and any other chip to /vendors?category=… */}
      <CategoryChips
        categories={browseCategories}
        active={undefined}
        behaviour={{
          kind: 'links',
          to: (category) => (category ? paths.vendors.to({ category }) : paths.home.to()),
        }}
      />
      <FeaturedVendors />
      <RecentActivity />
      <ContactsForSignedIn />
      <BrowseAllLink />
    </div>
  );
}

function BrowseAllLink() {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.vendors.to()}
      className="group flex items-center gap-4 rounded-2xl bg-brand-800 p-5 text-white shadow-md hover:bg-brand-900"
    >
      <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-white/15">
        <Store aria-hidden="true" className="size-6" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-base font-semibold">{t('home.browseAllTitle')}</span>
        <span className="mt-0.5 block text-sm text-brand-50">{t('home.browseAllText')}</span>
      </span>
      <ChevronRight
        aria-hidden="true"
        className="size-5 shrink-0 transition-transform group-hover:translate-x-0.5"
      />
    </Link>
  );
}

/**
 * product §2 / §9: up to 3 featured vendors; the server chooses them
 * (docs/decisions/012-discovery-featured-previews-service-worker.md).
 */
function FeaturedVendors() {
  const { t } = useTranslation();
  const featured = useFeaturedVendors();
  // product §8: 'Failed to load vendors' (home).
  useErrorToast('featured-load', featured, { title: t('discovery.home.loadError') });
  if (featured.isError) return null;
  const items = featured.data?.items ?? [];
  return (
    <section aria-labelledby="featured-title" aria-busy={featured.isPending} className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="featured-title" className="text-lg font-semibold text-stone-900">
          {t('discovery.home.featuredTitle')}
        </h2>
        <Link
          to={paths.vendors.to()}
          className="inline-flex min-h-11 items-center rounded-sm text-sm font-semibold text-brand-700 hover:text-brand-800"
        >
          {t('discovery.home.seeAll')}
        </Link>
      </div>
      {featured.isPending ? (
        Array.from({ length: FEATURED_VENDORS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
          <VendorCardSkeleton key={i} />
        ))
      ) : items.length === 0 ? (
        <p className="text-sm text-stone-600">{t('discovery.home.featuredEmpty')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((vendor, index) => (
            <li key={vendor.id}>
              <VendorCard vendor={vendor} headingLevel={3} eager={index === 0} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * product §2 Recent Activity: the signed-in user's latest 3 bookings (ARCHITECTURE §12: real data only),
 * each linking to /vendor/{vendorId}. A visitor sees an invitation to sign in, not sample entries.
 */
function RecentActivity() {
  const { t } = useTranslation();
  const { user, loading } = useAuth();
  return (
    <section aria-labelledby="recent-title" className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="recent-title" className="text-lg font-semibold text-stone-900">
          {t('discovery.home.recentTitle')}
        </h2>
        {user ? (
          <Link
            to={paths.jobs.to()}
            className="inline-flex min-h-11 items-center rounded-sm text-sm font-semibold text-brand-700 hover:text-brand-800"
          >
            {t('jobs.seeAll')}
          </Link>
        ) : null}
      </div>
      {loading ? null : user ? (
        <RecentBookings />
      ) : (
        <EmptyNote icon={History} text={t('discovery.home.recentSignedOut')}>
          <Link to={paths.auth.to()} className={buttonClassName({ variant: 'soft', size: 'sm' })}>
            <LogIn aria-hidden="true" className="size-4" />
            {t('discovery.home.signIn')}
          </Link>
        </EmptyNote>
      )}
    </section>
  );
}

/** product §2 connect-contacts card and recommendations from contacts, for a signed-in user. */
function ContactsForSignedIn() {
  const { user, loading } = useAuth();
  if (loading || !user) return null;
  return (
    <Suspense fallback={null}>
      <HomeContacts />
    </Suspense>
  );
}

const RECENT_BOOKINGS = 3;

function RecentBookings() {
  const { t, i18n } = useTranslation();
  const bookings = useMyBookings();
  if (bookings.isPending) return <p className="text-sm text-stone-600">{t('jobs.loading')}</p>;
  if (bookings.isError) return <p className="text-sm text-red-800">{t('jobs.loadError')}</p>;
  // The API answers newest first.
  const items = bookings.data.items.slice(0, RECENT_BOOKINGS);
  if (items.length === 0) return <EmptyNote icon={History} text={t('jobs.recentEmpty')} />;
  return (
    <ul className="flex flex-col gap-2">
      {items.map((booking) => (
        <li key={booking.id}>
          <Link
            to={paths.vendor.to(booking.vendor_id)}
            className="group flex items-center gap-3 rounded-2xl bg-white p-4 shadow-sm hover:bg-stone-50"
          >
            <span className="min-w-0 flex-1">
              <span className="block font-semibold break-words text-stone-900">{booking.vendor_name}</span>
              <span className="block text-sm text-stone-700">
                {formatBookingWhen(booking, i18n.language)}
              </span>
            </span>
            <Badge>{t(`jobs.statuses.${booking.status}`)}</Badge>
            <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-stone-500" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
