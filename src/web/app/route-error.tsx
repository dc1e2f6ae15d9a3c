import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { NotFoundPage } from '../routes/not-found.tsx';

/** What a screen shows when it fails to render or its code fails to load (say, after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main id="main" className="mx-auto w-full max-w-md px-4 pt-4">
        <NotFoundPage />
      </main>
    );
  }
  console.error(error);
  return (
    <main id="main" className="mx-auto flex w-full max-w-md flex-col items-center px-4 py-16 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-amber-50 text-amber-700">
        <TriangleAlert aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-stone-900">{t('routeError.title')}</h1>
      <p className="mt-2 text-stone-600">{t('routeError.text')}</p>
      <Button size="lg" className="mt-8" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </Button>
    </main>
  );
}

/** Shown while the first screen's code loads. */
export function RouteFallback() {
  const { t } = useTranslation();
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center text-brand-700">
      <Spinner className="size-8" label={t('app.loading')} />
    </main>
  );
}
