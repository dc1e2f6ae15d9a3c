import { MapPinOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotFoundPanel } from '../components/not-found-panel.tsx';
import { Button } from '../components/ui/button.tsx';
import { paths } from '../lib/paths.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** product §2 / §8: any other path shows a 404 page with a link home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <NotFoundPanel
      icon={MapPinOff}
      kicker={t('notFound.code')}
      title={t('notFound.title')}
      text={t('notFound.text')}
    >
      <Button asChild size="lg">
        <Link to={paths.home.to()}>{t('notFound.home')}</Link>
      </Button>
    </NotFoundPanel>
  );
}
