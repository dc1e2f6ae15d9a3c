import { MapPinOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { paths } from '../lib/paths.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** product §2 / §8: any other path shows a 404 page with a link home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="flex flex-col items-center py-12 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <MapPinOff aria-hidden="true" className="size-8" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-widest text-brand-700">{t('notFound.code')}</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-stone-900">{t('notFound.title')}</h1>
      <p className="mt-2 text-stone-600">{t('notFound.text')}</p>
      <Button asChild size="lg" className="mt-8">
        <Link to={paths.home.to()}>{t('notFound.home')}</Link>
      </Button>
    </div>
  );
}
