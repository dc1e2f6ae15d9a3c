import { CalendarCheck } from 'lucide-react';
import { lazy, type RefObject, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import type { BookingFormProps } from './booking-form.tsx';

// The booking form with its validation (react-hook-form, zod and the shared schemas, libphonenumber)
// is about as much code again as the rest of the profile: it is loaded when the visitor comes near
// it, so that the profile stays within the public pages' 90 KB budget (decision 043).
const BookingForm = lazy(() =>
  import('./booking-form.tsx').then((module) => ({ default: module.BookingForm })),
);

/** How far below the screen the form starts loading: about a screen's scroll ahead of the visitor. */
const NEAR = '0px 0px 600px 0px';

/**
 * The booking form, loaded when it comes near the screen, when the visitor taps its box, or at the
 * first key pressed on the page (a keyboard's Tab reaches the form before the screen does); until
 * then, and in the server's render, a box in its place.
 */
export function LazyBookingForm(props: BookingFormProps) {
  const [wanted, setWanted] = useState(false);
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = box.current;
    if (wanted || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
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
  }, [wanted]);

  const placeholder = <BookingFormPlaceholder box={box} onReach={() => setWanted(true)} />;
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <BookingForm {...props} />
    </Suspense>
  );
}

function BookingFormPlaceholder({
  box,
  onReach,
}: {
  box: RefObject<HTMLElement | null>;
  onReach: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section
      ref={box}
      aria-labelledby={titleId}
      aria-busy="true"
      onPointerDown={onReach}
      className="mt-4 min-h-[32rem] rounded-2xl border border-stone-200 bg-white p-4 shadow-xs"
    >
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold text-stone-900">
        <CalendarCheck aria-hidden="true" className="size-5 text-brand-700" />
        {t('bookings.form.title')}
      </h2>
      <p role="status" className="sr-only">
        {t('bookings.form.loadingForm')}
      </p>
      <div className="mt-4 flex flex-col gap-4">
        <Skeleton className="h-12 rounded-xl" />
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-12 rounded-xl" />
        <Skeleton className="h-12 rounded-xl" />
      </div>
    </section>
  );
}
