import { useQueryClient } from '@tanstack/react-query';
import { Check, ImageOff, Images } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../../../shared/date-format.ts';
import { photoReviewSchema } from '../../../../shared/vendor-photos.ts';
import { EmptyNote } from '../../../components/empty-note.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorTextNow } from '../../../lib/error-text.ts';
import { toast } from '../../../lib/toast.ts';
import { PhotoImage } from '../../vendor-dashboard/components/photo-image.tsx';
import { adminKeys } from '../api/admin-keys.ts';
import { usePendingPhotos, useReviewPhoto } from '../api/use-admin-photos.ts';
import { DecisionButtons, ViewProfileLink } from './decision-card.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

// The Photos tab (decision 074, product §2.16): approved vendors' new photos, which the public does
// not see until an admin approves them, oldest first. Approve at once; Remove asks for the reason
// the vendor receives by mail. A photo another admin decided first (409) is said so, and the list
// is read again.

type PendingPhoto = NonNullable<ReturnType<typeof usePendingPhotos>['data']>['items'][number];

export function PhotosTab() {
  const { t } = useTranslation();
  const photos = usePendingPhotos();
  const items = photos.data?.items;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-stone-700">{t('photos.admin.intro')}</p>
      {photos.isPending ? <Skeleton className="h-64 rounded-2xl" /> : null}
      {photos.isError && !items ? (
        <RetryAlert
          message={t('photos.admin.loadFailed')}
          retryLabel={t('photos.admin.retry')}
          onRetry={() => void photos.refetch()}
        />
      ) : null}
      {items && items.length === 0 ? <EmptyNote icon={Images} text={t('photos.admin.empty')} /> : null}
      {items && items.length > 0 ? (
        <>
          <p className="text-sm text-stone-700" aria-live="polite">
            {t('photos.admin.count', { count: items.length })}
          </p>
          <ul className="flex flex-col gap-3">
            {items.map((photo) => (
              <li key={photo.id}>
                <PhotoCard photo={photo} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

function PhotoCard({ photo }: { photo: PendingPhoto }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const review = useReviewPhoto();
  const [removing, setRemoving] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const vendor = photo.vendor.business_name;
  const kind = t(`photos.kinds.${photo.kind}`);
  const names = { kind: t(`photos.kindsInText.${photo.kind}`), vendor };
  const titleId = `admin-photo-${photo.id}`;
  const uploaded = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(photo.created_at),
  );

  /**
   * Says how a decision went; awaited here, not in mutate's callbacks, which are dropped once the
   * card leaves the list. A photo decided meanwhile (409) has its own words, and the list is read again.
   */
  const decide = (decided: Promise<unknown>, done: () => void) =>
    decided.then(done, (error: unknown) => {
      if (error instanceof ApiError && error.status === 409) {
        toast.error(t('photos.admin.failed'), { description: t('photos.admin.alreadyDecided') });
        void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      } else toast.error(t('photos.admin.failed'), { description: errorTextNow(error) });
    });

  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs"
    >
      <h2 id={titleId} className="text-base font-bold wrap-anywhere text-stone-900">
        {t('photos.admin.cardTitle', { kind, vendor })}
      </h2>
      <PhotoImage
        photo={photo}
        viewer="admin"
        alt={photo.alt || t('photos.admin.imageAlt', { kind, vendor })}
        sizes="(min-width: 480px) 384px, calc(100vw - 64px)"
        className={
          photo.kind === 'profile'
            ? 'size-48 rounded-2xl'
            : 'h-auto max-h-80 w-full rounded-xl object-contain'
        }
      />
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-stone-600">{t('photos.admin.alt')}</dt>
        <dd className="wrap-anywhere text-stone-900">{photo.alt || t('photos.admin.noAlt')}</dd>
        <dt className="text-stone-600">{t('photos.admin.uploaded')}</dt>
        <dd className="text-stone-900">{uploaded}</dd>
      </dl>
      <ViewProfileLink slug={photo.vendor.slug} />
      <DecisionButtons
        pending={review.isPending}
        decisions={[
          {
            icon: Check,
            label: t('photos.admin.approve'),
            ariaLabel: t('photos.admin.approveLabel', names),
            onClick: () =>
              void decide(review.mutateAsync({ id: photo.id, input: { decision: 'approve' } }), () =>
                toast.success(t('photos.admin.approved', { vendor })),
              ),
          },
          {
            icon: ImageOff,
            label: t('photos.admin.remove'),
            ariaLabel: t('photos.admin.removeLabel', names),
            onClick: (event) => {
              opener.current = event.currentTarget;
              setRemoving(true);
            },
          },
        ]}
      />
      {removing ? (
        <ReasonDialog
          title={t('photos.admin.removeTitle', names)}
          description={t('photos.admin.removeText')}
          label={t('photos.admin.reason')}
          danger
          pending={review.isPending}
          maxLength={1000}
          requiredText={t('photos.admin.reasonRequired')}
          sendLabel={t('photos.admin.removeSend')}
          isValid={(message) => photoReviewSchema.safeParse({ decision: 'remove', message }).success}
          onSend={(message) =>
            void decide(
              review.mutateAsync({
                id: photo.id,
                input: photoReviewSchema.parse({ decision: 'remove', message }),
              }),
              () => {
                setRemoving(false);
                toast.success(t('photos.admin.removed', { vendor }));
              },
            )
          }
          onClose={() => setRemoving(false)}
          returnFocus={opener}
        />
      ) : null}
    </article>
  );
}
