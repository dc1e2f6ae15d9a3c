import { clsx } from 'clsx';
import { SearchX } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import type { CategoryKey } from '../../../../shared/categories.ts';
import { MIN_SEARCH_LENGTH, SEARCH_DEBOUNCE_MS } from '../../../../shared/constants.ts';
import type { VendorSort } from '../../../../shared/vendor-list-options.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { type ErrorToastText, useErrorToast } from '../../../lib/use-error-toast.ts';
import {
  FILTER_PARAMS,
  filtersFromSearch,
  type PanelFilters,
  panelFilterCount,
  SEARCH_PARAM,
  SORT_PARAM,
  todayInMexico,
  useVendorList,
  withPanelFilters,
  withSort,
} from '../api/use-vendor-list.ts';
import { CategoryChips } from './category-chips.tsx';
import { SearchField } from './search-field.tsx';
import { VendorCard, VendorCardSkeleton } from './vendor-card.tsx';
import { VendorFilters } from './vendor-filters.tsx';
import { VendorSortControl } from './vendor-sort.tsx';

/** The cards a phone shows at once (two, at 390 px): their photos load first. */
const FIRST_SCREEN_CARDS = 2;

export interface VendorDirectoryProps {
  /** The chips after All (product §3: the browse list or the directory's own list). */
  categories: readonly CategoryKey[];
  /** product §9: browse 6, directory 12. */
  pageSize: number;
  /** product §8: each screen words its load failure its own way. */
  errorToast: ErrorToastText;
  /** One column of cards, or a grid that gains a column on wider screens (the directory). */
  layout?: 'list' | 'grid';
}

/** Decision 024: shorter search text is not sent (the server refuses it); the box says why. */
function searchable(text: string): boolean {
  return text.length === 0 || text.length >= MIN_SEARCH_LENGTH;
}

/**
 * The searchable vendor list of Browse Vendors and the public directory (product §2, §8, §9). The URL
 * holds the filters (`category`, `q` once the search text has settled, and the Filters panel's
 * `colonia`, `min_price`, `max_price`, `verified` and `available_on`) and the order (`sort=rating`,
 * none for relevance), so a filtered list can be shared and Back restores it; the server does the matching. The search box shows what is
 * typed right away and searches 500 ms after typing stops. A `category` outside `categories`, and
 * any filter the server would refuse, is ignored.
 */
export function VendorDirectory({ categories, pageSize, errorToast, layout = 'list' }: VendorDirectoryProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const today = todayInMexico();
  const filters = filtersFromSearch(params, categories, today);
  const { category } = filters;
  const q = (params.get(SEARCH_PARAM) ?? '').trim();

  const searchInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(q);
  // The search last written to (or read from) the URL. A different `q` in the URL came from
  // elsewhere (Back, a link) and replaces the text in the box.
  const committed = useRef(q);
  useEffect(() => {
    if (q !== committed.current) {
      committed.current = q;
      setText(q);
    }
  }, [q]);

  const commitSearch = useCallback(
    (value: string) => {
      const next = value.trim();
      if (next === committed.current || !searchable(next)) return;
      committed.current = next;
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set(SEARCH_PARAM, next);
          else updated.delete(SEARCH_PARAM);
          return updated;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  // product §9: search debounce. Only a settled value is committed: right after the text was replaced
  // (a chip, Back) the debounced value is stale and must not be written back.
  const debouncedText = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debouncedText === text) commitSearch(text);
  }, [debouncedText, text, commitSearch]);

  // product §2: selecting a category updates the URL and clears the search text.
  const selectCategory = (key: CategoryKey | undefined) => {
    committed.current = '';
    setText('');
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (key) updated.set('category', key);
      else updated.delete('category');
      updated.delete(SEARCH_PARAM);
      return updated;
    });
  };

  // Apply (or a chip removed) replaces the panel's filters; the category and the
  // search stay. A new entry in the history, as a category does, so Back restores the list before.
  const applyFilters = (next: PanelFilters) => {
    setParams((current) => withPanelFilters(current, next));
  };

  // The order is a new entry in the history too; the filters stay.
  const selectSort = (sort: VendorSort) => {
    setParams((current) => withSort(current, sort));
  };

  // Every filter goes: the category, the search and the panel's (the order stays: it filters nothing).
  const clearFilters = () => {
    committed.current = '';
    setText('');
    setParams((current) => {
      const updated = new URLSearchParams(current);
      for (const name of ['category', SEARCH_PARAM, ...Object.values(FILTER_PARAMS)]) updated.delete(name);
      return updated;
    });
    searchInput.current?.focus();
  };

  const tooShort = !searchable(text.trim());
  const list = useVendorList(filters, pageSize);
  useErrorToast('vendors-load', list, errorToast);

  const vendors = list.data?.pages.flatMap((page) => page.items) ?? [];
  // Load More: focus goes on to the first vendor it added, where reading continues (the button is
  // gone after the last page, and focus would fall back to the top of the document).
  const results = useRef<HTMLUListElement>(null);
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  useEffect(() => {
    if (focusFrom === null || vendors.length <= focusFrom) return;
    results.current?.children[focusFrom]?.querySelector<HTMLElement>('a[href]')?.focus();
    setFocusFrom(null);
  }, [focusFrom, vendors.length]);
  const loadMore = () => {
    setFocusFrom(vendors.length);
    void list.fetchNextPage().then((result) => {
      if (result.isError) setFocusFrom(null);
    });
  };
  const lastPage = list.data?.pages.at(-1);
  const total = lastPage?.total ?? 0;
  const panelFilters = panelFilterCount(filters);
  const filtered = Boolean(category || q || text.trim() || panelFilters > 0);
  const itemsClass = layout === 'grid' ? 'grid grid-cols-1 gap-3 sm:grid-cols-2' : 'flex flex-col gap-3';

  return (
    <>
      <SearchField
        action={pathname}
        keep={{
          category,
          // Before the app has the page, a search keeps the filters applied (search-field.tsx).
          [FILTER_PARAMS.colonia]: filters.colonia,
          [FILTER_PARAMS.minPrice]: filters.minPrice?.toString(),
          [FILTER_PARAMS.maxPrice]: filters.maxPrice?.toString(),
          [FILTER_PARAMS.verified]: filters.verified ? 'true' : undefined,
          [FILTER_PARAMS.availableOn]: filters.availableOn,
          [SORT_PARAM]: filters.sort,
        }}
        value={text}
        onChange={setText}
        onSubmit={commitSearch}
        inputRef={searchInput}
        hint={tooShort ? t('search.tooShort', { min: MIN_SEARCH_LENGTH }) : undefined}
      />
      <VendorFilters filters={filters} today={today} onApply={applyFilters} />
      <CategoryChips
        categories={categories}
        active={category}
        behaviour={{ kind: 'filter', onSelect: selectCategory }}
      />
      <VendorSortControl sort={filters.sort ?? 'relevance'} onSelect={selectSort} />

      {list.isPending ? (
        <section aria-busy="true" className={itemsClass}>
          <p role="status" className="sr-only">
            {t('browse.loading')}
          </p>
          {Array.from({ length: Math.min(pageSize, 6) }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
            <VendorCardSkeleton key={i} />
          ))}
        </section>
      ) : list.isError && !list.data ? (
        <div className="flex flex-col items-center gap-4 rounded-2xl border border-stone-200 bg-white px-6 py-10 text-center">
          <p className="text-stone-700">{t('browse.errorText')}</p>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {t('browse.retry')}
          </Button>
        </div>
      ) : (
        <>
          <p role="status" className="text-sm font-medium text-stone-600">
            {lastPage?.totalCapped
              ? t('browse.countCapped', { count: total })
              : t('browse.count', { count: total })}
          </p>
          {vendors.length === 0 ? (
            <div className="flex flex-col items-center rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-10 text-center">
              <span className="flex size-14 items-center justify-center rounded-full bg-stone-100 text-stone-600">
                <SearchX aria-hidden="true" className="size-7" />
              </span>
              <h2 className="mt-4 text-lg font-semibold text-stone-900">{t('browse.empty')}</h2>
              <p className="mt-1 text-sm text-stone-600">
                {t(panelFilters > 0 ? 'browse.emptyHintFilters' : 'browse.emptyHint')}
              </p>
              {filtered ? (
                <Button variant="secondary" className="mt-5" onClick={clearFilters}>
                  {t('browse.clearFilters')}
                </Button>
              ) : null}
            </div>
          ) : (
            <ul
              ref={results}
              aria-label={t('browse.results')}
              aria-busy={list.isPlaceholderData}
              className={clsx(itemsClass, 'transition-opacity', list.isPlaceholderData && 'opacity-60')}
            >
              {vendors.map((vendor, index) => (
                // Below the first screen: laid out only when it comes near, at a card's usual height
                // meanwhile.
                <li
                  key={vendor.id}
                  className={
                    index < FIRST_SCREEN_CARDS
                      ? undefined
                      : '[contain-intrinsic-size:auto_15rem] [content-visibility:auto]'
                  }
                >
                  <VendorCard vendor={vendor} eager={index < FIRST_SCREEN_CARDS} />
                </li>
              ))}
            </ul>
          )}
          {list.hasNextPage && !list.isPlaceholderData ? (
            <Button
              variant="secondary"
              size="lg"
              className="w-full"
              disabled={list.isFetchingNextPage}
              aria-busy={list.isFetchingNextPage}
              onClick={loadMore}
            >
              {list.isFetchingNextPage ? <Spinner /> : null}
              {t('browse.loadMore')}
            </Button>
          ) : null}
        </>
      )}
    </>
  );
}
