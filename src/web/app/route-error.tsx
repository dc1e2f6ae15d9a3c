import { TriangleAlert } from 'lucide-react';
import { Component, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigationType } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { Spinner } from '../components/ui/spinner.tsx';

/** What a screen shows when it fails to render or its code fails to load (say, after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
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

/** Shown in the page's column while a screen's code loads. */
export function RouteFallback() {
  const { t } = useTranslation();
  return (
    <div className="flex justify-center py-16 text-brand-700">
      <Spinner className="size-8" label={t('app.loading')} />
    </div>
  );
}

/** Catches a screen that throws while rendering; moving to another address tries again. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}

class ErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** A new page starts at the top; Back and Forward leave the position to the browser. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the point is to run on every new pathname
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}
