import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../lib/paths.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { Button } from './ui/button.tsx';

/**
 * The one honest placeholder for a screen that a later issue builds: it names the screen, says it
 * is not available yet and offers what does work. Nothing on it pretends to function.
 */
export function NotAvailableNotice({ title }: { title: string }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <div className="py-4">
      <h1 className="text-2xl font-bold tracking-tight text-stone-900">{title}</h1>
      <div className="mt-6 flex flex-col items-center rounded-2xl border border-stone-200 bg-white px-6 py-10 text-center shadow-xs">
        <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Hourglass aria-hidden="true" className="size-7" />
        </span>
        <p className="mt-4 text-base text-stone-700">{t('notice.text')}</p>
        <Button asChild className="mt-6">
          <Link to={paths.vendors.to()}>{t('notice.browse')}</Link>
        </Button>
      </div>
    </div>
  );
}
