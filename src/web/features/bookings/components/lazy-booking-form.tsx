import { CalendarCheck } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { withStrings } from '../../../i18n/i18n.ts';
import type { BookingFormProps } from './booking-form.tsx';

// The booking form with its validation (react-hook-form, zod and the shared schemas, libphonenumber)
// is about as much code again as the rest of the profile: it is loaded when the visitor comes near
// it, so that the profile stays within the public pages' 90 KB budget (decision 043). Its strings
// come with it: the box around it shows the profile's own (decision 084).
const BookingForm = lazy(() =>
  withStrings(['bookings'], () => import('./booking-form.tsx'))().then((module) => ({
    default: module.BookingForm,
  })),
);

/**
 * The form loads as its box comes onto the screen: on a phone it starts just below the first screen
 * (740–1170 px down on the demo profiles at 390×844), so any margin ahead would load it with the page.
 */
const NEAR = '0px';

/**
 * The booking form under its title, loaded when its box comes onto the screen, when the visitor taps
 * the box, or at the first key pressed on the page (a keyboard's Tab reaches the form before the
 * screen does); until then, and in the server's render, grey fields in its place.
 */
export function LazyBookingForm(props: BookingFormProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [wanted, setWanted] = useState(false);
  const box = useRef<HTMLElement>(null);
  // Quick Book and a service's Book button: the form comes to the visitor.
  useEffect(() => {
    if (props.focusOnLoad || props.preselectedServiceId) box.current?.scrollIntoView({ block: 'start' });
  }, [props.focusOnLoad, props.preselectedServiceId]);
  useEffect(() => {
    const element = box.current;
    if (wanted || !element) return;
    // A service chosen before the visitor came (Rehire, Quick Book) says they came to book: load the
    // form once the page is theirs (after hydration: the server's render is always the box).
    if (props.preselectedServiceId || props.focusOnLoad || typeof IntersectionObserver === 'undefined') {
      setWanted(true);
      return;
    }
    const want = () => setWanted(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) want();
      },
      { rootMargin: NEAR },
    );
    observer.observe(element);
    window.addEventListener('keydown', want, { once: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('keydown', want);
    };
  }, [wanted, props.preselectedServiceId, props.focusOnLoad]);

  const skeleton = <FormSkeleton label={t('discovery.profile.loadingBookingForm')} />;
  return (
    <section
      ref={box}
      id="book"
      aria-labelledby={titleId}
      onPointerDown={wanted ? undefined : () => setWanted(true)}
      className="mt-4 scroll-mt-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs"
    >
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold text-stone-900">
        <CalendarCheck aria-hidden="true" className="size-5 text-brand-700" />
        {t('discovery.profile.bookTitle')}
      </h2>
      <Suspense fallback={skeleton}>{wanted ? <BookingForm {...props} /> : skeleton}</Suspense>
    </section>
  );
}

/** The form's first fields, grey, while its code is on its way. */
function FormSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="mt-4 flex min-h-[34rem] flex-col gap-4">
      <p role="status" className="sr-only">
        {label}
      </p>
      <Skeleton className="h-12 rounded-xl" />
      <Skeleton className="h-5 w-2/3" />
      <Skeleton className="h-12 rounded-xl" />
      <Skeleton className="h-12 rounded-xl" />
      <Skeleton className="h-12 rounded-xl" />
    </div>
  );
}
