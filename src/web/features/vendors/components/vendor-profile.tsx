import { BadgeCheck, CircleCheck, Clock, MapPin, Store, UserPlus, Zap } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { categoryLabel, spokenLanguageLabel } from '../../../../shared/categories.ts';
import { defaultLanguage, isLanguage } from '../../../../shared/language.ts';
import type { PublicVendorDetail } from '../../../../shared/vendor.schemas.ts';
import { leadPhotoOf, photoSizes } from '../../../../shared/vendor-photo-display.ts';
import { CancellationTerms } from '../../../components/cancellation-terms.tsx';
import { NotFoundPanel } from '../../../components/not-found-panel.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';
import { VendorRating } from '../../reviews/components/vendor-rating.tsx';
import { responseTime, wholePercent } from '../../reviews/rating-format.ts';
import { primaryArea } from '../vendor-display.ts';
import { VendorImage } from './vendor-card.tsx';
import { loadingAttributes, Photo } from './vendor-photo.tsx';

/**
 * The profile card (product §2): cover, photo, name, category, area, verified mark, rating, the
 * measured promises and See Services. ARCHITECTURE §12: no invented rating, review count or response
 * time — the rating is its real reviews' ("New" without any), the promises what its bookings show.
 */
export function VendorProfileCard({
  vendor,
  onSeeServices,
}: {
  vendor: PublicVendorDetail;
  onSeeServices: () => void;
}) {
  const { t, i18n } = useTranslation();
  const area = primaryArea(vendor);
  return (
    <section
      aria-labelledby="vendor-name"
      className="overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-xs"
    >
      <div className="h-28 bg-gradient-to-br from-brand-700 to-brand-900">
        <VendorCover vendor={vendor} />
      </div>
      <div className="px-4 pb-4">
        <VendorImage
          vendor={vendor}
          size="lg"
          loading="eager"
          className="-mt-12 border-4 border-white bg-white shadow-sm"
        />
        <h1 id="vendor-name" className="mt-3 text-2xl leading-tight font-bold tracking-tight text-stone-900">
          {vendor.business_name}
        </h1>
        <p className="mt-1 text-stone-600">{categoryLabel(vendor.service_category, i18n.language)}</p>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {vendor.is_verified ? (
            <Badge tone="brand" className="gap-1">
              <BadgeCheck aria-hidden="true" className="size-3.5" />
              {t('discovery.profile.verified')}
            </Badge>
          ) : null}
          {vendor.instant_booking ? (
            <Badge tone="brand" className="gap-1">
              <Zap aria-hidden="true" className="size-3.5" />
              {t('discovery.profile.instantBooking')}
            </Badge>
          ) : null}
          <VendorRating vendor={vendor} variant="header" />
          {area ? (
            <Badge className="gap-1">
              <MapPin aria-hidden="true" className="size-3.5" />
              {area}
            </Badge>
          ) : null}
        </div>
        <VendorPromises vendor={vendor} />
        <Button size="lg" className="mt-4 w-full" onClick={onSeeServices}>
          {t('discovery.profile.seeServices')}
        </Button>
      </div>
    </section>
  );
}

/**
 * The header's cover: the vendor's cover photo with its variants, else its drawn cover art; the
 * gradient behind shows when there is neither or it fails. It is decoration (the name is the
 * heading below), so it has no alt. On the first screen: fetched first when it is the page's lead
 * picture (leadPhotoOf), else at the browser's priority, never lazy.
 */
function VendorCover({ vendor }: { vendor: PublicVendorDetail }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  const className = 'h-full w-full object-cover';
  const lead = leadPhotoOf(vendor);
  if (vendor.cover_photo)
    return (
      <Photo
        photo={vendor.cover_photo}
        sizes={photoSizes.fullWidth}
        alt=""
        loading={lead === vendor.cover_photo ? 'lead' : 'eager'}
        className={className}
        onError={() => setFailed(true)}
      />
    );
  if (!vendor.cover_image_url) return null;
  return (
    <img
      src={vendor.cover_image_url}
      alt=""
      width={448}
      height={112}
      // Without photos the drawn cover is the header's picture, preloaded by the server.
      {...loadingAttributes(lead ? 'eager' : 'lead')}
      className={className}
      onError={() => setFailed(true)}
    />
  );
}

/** product §2 about tab: bio, experience, languages, service areas, certifications, verified. */
export function VendorAbout({ vendor }: { vendor: PublicVendorDetail }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : defaultLanguage;
  const list = (items: string[]) =>
    items.length > 0 ? (
      <ul className="flex flex-wrap gap-1.5">
        {items.map((item) => (
          <li key={item}>
            <Badge>{item}</Badge>
          </li>
        ))}
      </ul>
    ) : (
      <span className="text-stone-600">{t('discovery.profile.about.none')}</span>
    );
  const facts: { term: string; detail: ReactNode }[] = [
    {
      term: t('discovery.profile.about.experience'),
      detail:
        vendor.experience_years === null
          ? t('discovery.profile.about.experienceUnknown')
          : t('discovery.profile.about.experienceYears', { count: vendor.experience_years }),
    },
    {
      term: t('discovery.profile.about.languages'),
      detail: list(vendor.languages.map((l) => spokenLanguageLabel(l, language))),
    },
    { term: t('discovery.profile.about.areas'), detail: list(vendor.service_areas) },
    { term: t('discovery.profile.about.certifications'), detail: list(vendor.certifications) },
    {
      term: t('cancellationPolicy.title'),
      detail: (
        <CancellationTerms policy={vendor.cancellation_policy}>
          <Link
            to={paths.policy.to('cancellation')}
            className="tap-target inline-flex items-center self-start font-medium text-brand-800 underline underline-offset-2"
          >
            {t('cancellationPolicy.more')}
          </Link>
        </CancellationTerms>
      ),
    },
    {
      term: t('discovery.profile.about.verification'),
      detail: vendor.is_verified
        ? t('discovery.profile.about.verifiedText')
        : t('discovery.profile.about.notVerifiedText'),
    },
  ];
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs">
      <div>
        <h2 className="text-base font-semibold text-stone-900">{t('discovery.profile.about.bio')}</h2>
        <p className="mt-1 text-sm leading-relaxed whitespace-pre-line text-stone-700">
          {vendor.bio?.trim() || t('discovery.profile.about.noBio')}
        </p>
      </div>
      <dl className="flex flex-col gap-3 border-t border-stone-100 pt-4 text-sm">
        {facts.map(({ term, detail }) => (
          <div key={term} className="flex flex-col gap-1">
            <dt className="font-medium text-stone-900">{term}</dt>
            <dd className="text-stone-700">{detail}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * What Barrio measured of the vendor's bookings (decision 066): how soon it usually answers a request and
 * how many confirmed bookings it carried out. The server leaves each out (null) while there is too
 * little to tell, and so does the card.
 */
export function VendorPromises({
  vendor,
}: {
  vendor: Pick<PublicVendorDetail, 'response_minutes_median' | 'completion_rate'>;
}) {
  const { t } = useTranslation();
  const lines: { key: string; icon: typeof Clock; text: string }[] = [];
  if (vendor.response_minutes_median !== null) {
    const { unit, count } = responseTime(vendor.response_minutes_median);
    lines.push({
      key: 'answers',
      icon: Clock,
      text: t('discovery.profile.promises.answers', { time: t(`discovery.responseTime.${unit}`, { count }) }),
    });
  }
  if (vendor.completion_rate !== null) {
    lines.push({
      key: 'completion',
      icon: CircleCheck,
      text: t('discovery.profile.promises.completion', { percent: wholePercent(vendor.completion_rate) }),
    });
  }
  if (lines.length === 0) return null;
  return (
    <ul aria-label={t('discovery.profile.promises.label')} className="mt-3 flex flex-col gap-1.5 text-sm">
      {lines.map(({ key, icon: Icon, text }) => (
        <li key={key} className="flex items-center gap-2 text-stone-700">
          <Icon aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
          {text}
        </li>
      ))}
    </ul>
  );
}

/** product §2: the sign-up prompt on the public profile. */
export function SignUpPrompt() {
  const { t } = useTranslation();
  return (
    <aside
      aria-labelledby="sign-up-title"
      className="flex flex-col gap-3 rounded-2xl bg-brand-50 p-4 text-brand-900"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white text-brand-700">
          <UserPlus aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id="sign-up-title" className="font-semibold">
            {t('discovery.profile.signUp.title')}
          </h2>
          <p className="mt-0.5 text-sm text-brand-900">{t('discovery.profile.signUp.text')}</p>
        </div>
      </div>
      <Link to={paths.auth.to()} className={buttonClassName({ variant: 'primary' })}>
        {t('discovery.profile.signUp.action')}
      </Link>
    </aside>
  );
}

/** product §2: 'Vendor Not Found' with a link to /auth (and one back to the vendors). */
export function VendorNotFound() {
  const { t } = useTranslation();
  return (
    <NotFoundPanel
      icon={Store}
      title={t('discovery.profile.notFound.title')}
      text={t('discovery.profile.notFound.text')}
    >
      <Link to={paths.auth.to()} className={buttonClassName({ size: 'lg' })}>
        {t('discovery.profile.notFound.signIn')}
      </Link>
      <Link to={paths.vendors.to()} className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
        {t('discovery.profile.notFound.browse')}
      </Link>
    </NotFoundPanel>
  );
}
