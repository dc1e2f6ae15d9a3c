import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../../../../shared/constants.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { adminErrorToast, adminFetchFailed } from '../admin-error-toast.ts';
import { ListPlaceholder, LoadMore, ShowingCount, useAdminPageLimit } from './paged-cards.tsx';
import { SearchBox } from './search-box.tsx';

interface AdminListTabProps<Item extends { id: string }> {
  /** The list's query for a search text and a number of rows (paged on the server). */
  useList: (q: string, limit: number) => UseQueryResult<{ items: Item[]; total: number }>;
  /** Deletes a row by its id. */
  useDelete: () => UseMutationResult<unknown, Error, string>;
  /** The id of the toast a failed load shows (one per list). */
  errorToastId: string;
  text: {
    searchPlaceholder: string;
    add: string;
    deleteText: (item: Item) => string;
    deleted: string;
    deleteFailed: string;
  };
  /** The skeleton's size while the first page loads: about one row. */
  skeletonClassName: string;
  listClassName: string;
  /** A row, as an `<li>`, with its edit and delete actions. */
  row: (item: Item, actions: { edit: () => void; remove: () => void }) => ReactNode;
  /** The add/edit dialog: `item` is null to add one. */
  form: (props: { item: Item | null; open: boolean; onOpenChange: (open: boolean) => void }) => ReactNode;
}

/**
 * product §2 Vendors and Customers tabs: the search box, 'Showing x of y', Add, the rows, Load More,
 * the add/edit dialog and the delete confirmation. Each tab says what its rows are.
 */
export function AdminListTab<Item extends { id: string }>({
  useList,
  useDelete,
  errorToastId,
  text,
  skeletonClassName,
  listClassName,
  row,
  form,
}: AdminListTabProps<Item>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [limit, more, firstPage] = useAdminPageLimit();
  const list = useList(q, limit);
  const remove = useDelete();
  const [editing, setEditing] = useState<{ open: boolean; item: Item | null }>({ open: false, item: null });
  const [deleting, setDeleting] = useState<Item | null>(null);
  useErrorToast(errorToastId, list, adminFetchFailed(t));
  const items = list.data?.items ?? [];

  return (
    <div className="flex flex-col gap-4">
      <SearchBox
        label={t('admin.common.search')}
        placeholder={text.searchPlaceholder}
        value={search}
        onChange={(value) => {
          setSearch(value);
          firstPage();
        }}
      />
      <div className="flex items-center justify-between gap-2">
        <ShowingCount query={list} />
        <Button onClick={() => setEditing({ open: true, item: null })}>
          <Plus aria-hidden className="size-4" />
          {text.add}
        </Button>
      </div>
      <ListPlaceholder query={list} skeletonClassName={skeletonClassName} />
      <ul className={listClassName}>
        {items.map((item) =>
          row(item, { edit: () => setEditing({ open: true, item }), remove: () => setDeleting(item) }),
        )}
      </ul>
      <LoadMore query={list} onLoadMore={more} busy={list.isFetching} />
      {form({
        item: editing.item,
        open: editing.open,
        onOpenChange: (open) => setEditing((e) => ({ ...e, open })),
      })}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('admin.common.confirmDeleteTitle')}
        description={deleting ? text.deleteText(deleting) : ''}
        confirmLabel={t('admin.common.confirmDelete')}
        cancelLabel={t('admin.common.cancel')}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success(text.deleted),
            onError: (err) => adminErrorToast(text.deleteFailed, { error: err }),
          });
          setDeleting(null);
        }}
      />
    </div>
  );
}

/** A row's Edit and Delete buttons, icons named for the row ('Edit Ana Paseos'). */
export function RowActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <Button variant="ghost" size="icon" aria-label={editLabel} onClick={onEdit}>
        <Pencil aria-hidden className="size-5" />
      </Button>
      <Button variant="ghost" size="icon" aria-label={deleteLabel} onClick={onDelete}>
        <Trash2 aria-hidden className="size-5" />
      </Button>
    </>
  );
}
