import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZE } from '../../../../shared/admin.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';

/** How many rows an admin list asks the server for, and Load More's step. */
export function useAdminPageLimit(): [number, () => void] {
  const [limit, setLimit] = useState(ADMIN_PAGE_SIZE);
  return [limit, () => setLimit((n) => n + ADMIN_PAGE_SIZE)];
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
  query: UseQueryResult<{ items: Item[]; total: number }>;
  empty: string;
  skeletonClassName: string;
  listClassName: string;
  keyOf: (item: Item) => string;
  card: (item: Item) => ReactNode;
  onLoadMore: () => void;
}) {
  const { t } = useTranslation();
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
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
      {items.length < total ? (
        <Button variant="secondary" onClick={onLoadMore}>
          {t('admin.common.loadMore')}
        </Button>
      ) : null}
    </>
  );
}
