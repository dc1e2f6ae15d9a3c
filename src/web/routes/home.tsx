import { ChevronRight, Store, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { browseCategories } from '../../shared/categories.ts';
import { CategoryChips } from '../features/vendors/components/category-chips.tsx';
import { SearchField } from '../features/vendors/components/search-field.tsx';
import { paths } from '../lib/paths.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * Home, Find Services (spec §2). For now: the title, the profile link, the search box and the chips.
 * Recent activity, contacts, recommendations and featured vendors come with the discovery issue.
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
        value={text}
        onChange={setText}
        onSubmit={(value) => {
          const q = value.trim();
          void navigate(paths.vendors.to(q ? { q } : {}));
        }}
      />
      {/* spec §2: on Home, All goes to / and any other chip to /vendors?category=… */}
      <CategoryChips
        categories={browseCategories}
        active={undefined}
        behaviour={{
          kind: 'links',
          to: (category) => (category ? paths.vendors.to({ category }) : paths.home.to()),
        }}
      />
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
    </div>
  );
}
