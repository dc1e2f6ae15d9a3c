import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZE } from '../../../../shared/admin.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';

/**
 * How many rows an admin list asks the server for: Load More's step (`more`), and back to the first
 * page (`reset`) when the search or a filter changes.
 */
export function useAdminPageLimit(): [number, () => void, () => void] {
  const [limit, setLimit] = useState(ADMIN_PAGE_SIZE);
  return [limit, () => setLimit((n) => n + ADMIN_PAGE_SIZE), () => setLimit(ADMIN_PAGE_SIZE)];
}

type ListQuery<Item> = UseQueryResult<{ items: Item[]; total: number }>;

/** 'Showing x of y', said again to a screen reader as the list grows. */
export function ShowingCount({ query }: { query: ListQuery<unknown> }) {
  const { t } = useTranslation();
  return (
    <p className="text-sm text-stone-700" aria-live="polite">
      {query.data
        ? t('admin.common.showing', { shown: query.data.items.length, total: query.data.total })
        : null}
    </p>
  );
}

/** A skeleton while the first page loads, and the admin lists' sentence once one comes back empty. */
export function ListPlaceholder({
  query,
  skeletonClassName,
}: {
  query: ListQuery<unknown>;
  skeletonClassName: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {query.isPending ? <Skeleton className={skeletonClassName} /> : null}
      {query.isSuccess && query.data.items.length === 0 ? (
        <p className="text-stone-600">{t('admin.common.empty')}</p>
      ) : null}
    </>
  );
}

/** Load More while the server has more rows than shown (`busy`: off while the longer list loads). */
export function LoadMore({
  query,
  onLoadMore,
  busy = false,
}: {
  query: ListQuery<unknown>;
  onLoadMore: () => void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const shown = query.data?.items.length ?? 0;
  if (shown >= (query.data?.total ?? 0)) return null;
  return (
    <Button variant="secondary" onClick={onLoadMore} disabled={busy}>
      {t('admin.common.loadMore')}
    </Button>
  );
}

/**
 * A list of cards the server pages (the Review tab's queues): a skeleton while the first page loads,
 * the list's own sentence when it is empty, the cards, and Load More while there are more.
 */
export function PagedCards<Item>({
  query,
  empty,
  skeletonClassName,
  listClassName,
  keyOf,
  card,
  onLoadMore,
}: {
  query: ListQuery<Item>;
  empty: string;
  skeletonClassName: string;
  listClassName: string;
  keyOf: (item: Item) => string;
  card: (item: Item) => ReactNode;
  onLoadMore: () => void;
}) {
  const items = query.data?.items ?? [];
  return (
    <>
      {query.isPending ? (
        <Skeleton className={skeletonClassName} />
      ) : items.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-center text-stone-700">{empty}</p>
      ) : (
        <ul className={listClassName}>
          {items.map((item) => (
            <li key={keyOf(item)}>{card(item)}</li>
          ))}
        </ul>
      )}
      <LoadMore query={query} onLoadMore={onLoadMore} />
    </>
  );
}
