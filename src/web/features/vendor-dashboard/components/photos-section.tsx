import { ArrowDown, ArrowUp, ImagePlus, Images, Trash2, Upload, X } from 'lucide-react';
import {
  type ChangeEvent,
  createContext,
  type FormEvent,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  PHOTO_ALT_MAX,
  PHOTO_MAX_BYTES,
  type PhotoKind,
  type PhotoStatus,
  PORTFOLIO_MAX_PHOTOS,
  type VendorPhoto,
} from '../../../../shared/vendor-photos.ts';
import type { VendorAccountProfile, VendorService } from '../../../../shared/vendor-signup.schemas.ts';
import { EmptyNote } from '../../../components/empty-note.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { toast } from '../../../lib/toast.ts';
import { useVendorServices } from '../api/use-vendor-account.ts';
import {
  useDeletePhoto,
  useReorderPhotos,
  useUpdatePhoto,
  useUploadPhoto,
  useVendorPhotos,
} from '../api/use-vendor-photos.ts';
import { DashboardSection } from './dashboard-section.tsx';
import { PhotoImage } from './photo-image.tsx';

// The dashboard's Photos (decision 074; product §2.7): the profile photo and the cover, one each,
// and up to 12 portfolio photos in the order customers see them, each with its description and the
// service it shows. An approved vendor's new photo waits for an admin ("Waiting for review"); one
// an admin removed stays listed with the reason until the vendor clears it.

/**
 * What the file picker offers; the server reads the bytes and decides. HEIC by type and by name: a
 * desktop's picker may know no type for it (decision 082).
 */
const accept = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';
const acceptedTypes = new Set(accept.split(',').filter((entry) => entry.includes('/')));

/** The drawn widths of each kind, for `sizes` (the layout is at most 448 CSS px wide). */
const drawn = {
  profile: '96px',
  cover: '(min-width: 480px) 416px, calc(100vw - 64px)',
  portfolio: '112px',
} as const satisfies Record<PhotoKind, string>;

const inputClassName =
  'h-12 w-full rounded-xl border border-stone-300 bg-white px-3 text-base text-stone-900 shadow-xs focus:border-brand-700 focus:outline-none focus-visible:outline-2';

/**
 * Whether the vendor is approved, so public: only then does an approved photo show anywhere
 * ("Published"); a vendor under review changes its photos in place, and they show once it is approved.
 */
const VendorPublic = createContext(false);

function StatusBadge({ status, className }: { status: PhotoStatus; className?: string }) {
  const { t } = useTranslation();
  const vendorPublic = useContext(VendorPublic);
  if (status === 'approved' && !vendorPublic) return null;
  return (
    <Badge tone={status === 'approved' ? 'brand' : 'neutral'} className={className}>
      {t(`photos.statuses.${status}`)}
    </Badge>
  );
}

export function PhotosSection({ profile }: { profile: VendorAccountProfile }) {
  const { t } = useTranslation();
  const photos = useVendorPhotos();
  const items = photos.data?.items;
  const ofKind = (kind: PhotoKind) => (items ?? []).filter((photo) => photo.kind === kind);
  return (
    <DashboardSection titleId="photos-title" title={t('photos.title')}>
      <p className="text-sm text-stone-700">{t('photos.vendor.intro')}</p>
      {profile.application_status === 'approved' ? (
        <p className="rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-950">
          {t('photos.vendor.reviewNote')}
        </p>
      ) : null}
      {photos.isPending ? <Skeleton className="h-40 rounded-xl" /> : null}
      {photos.isError && !items ? (
        <RetryAlert
          message={t('photos.vendor.loadFailed')}
          retryLabel={t('photos.vendor.retry')}
          onRetry={() => void photos.refetch()}
        />
      ) : null}
      {items ? (
        <VendorPublic.Provider value={profile.application_status === 'approved'}>
          <SinglePhoto kind="profile" photos={ofKind('profile')} slug={profile.slug} />
          <SinglePhoto kind="cover" photos={ofKind('cover')} slug={profile.slug} />
          <Portfolio photos={ofKind('portfolio')} />
        </VendorPublic.Provider>
      ) : null}
    </DashboardSection>
  );
}

/** One file being sent, or refused: its name, the share sent, and the refusal in the reader's words. */
interface UploadRow {
  key: number;
  name: string;
  sent: number;
  error: string | null;
}

let uploadKeys = 0;

/**
 * Sends the files one after another (each is decoded and encoded on the server), showing each one's
 * progress; a refusal stays on screen, in the reader's words, until dismissed or the next upload.
 * The browser refuses first what the server would: more than 10 MB, a type that is no image.
 */
function usePhotoUploads(kind: PhotoKind) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const upload = useUploadPhoto();
  const [rows, setRows] = useState<UploadRow[]>([]);
  const change = (key: number, patch: Partial<UploadRow>) =>
    setRows((before) => before.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const refusal = (err: unknown) =>
    err instanceof ApiError && err.code === 'rate_limited' ? t('photos.vendor.rateLimited') : errorText(err);

  async function send(files: File[]) {
    const queued = files.map((file) => ({ file, key: ++uploadKeys }));
    setRows(queued.map(({ file, key }) => ({ key, name: file.name, sent: 0, error: null })));
    for (const { file, key } of queued) {
      const early = checkInBrowser(file);
      if (early) {
        change(key, { error: errorText(early) });
        continue;
      }
      try {
        const made = await upload.mutateAsync({
          upload: { file, kind },
          onProgress: (sent) => change(key, { sent }),
        });
        setRows((before) => before.filter((row) => row.key !== key));
        toast.success(
          made.status === 'pending' ? t('photos.vendor.uploadedPending') : t('photos.vendor.uploaded'),
        );
      } catch (err) {
        change(key, { error: refusal(err) });
      }
    }
  }
  const dismiss = (key: number) => setRows((before) => before.filter((row) => row.key !== key));
  return { rows, send, dismiss, busy: rows.some((row) => row.error === null) };
}

/** The server's refusal for a file the browser can already judge, else undefined. */
function checkInBrowser(file: File): ApiError | undefined {
  const refused = (code: string, status: number, reason: string) =>
    new ApiError(code, reason, status, undefined, { reason });
  if (file.type && !acceptedTypes.has(file.type))
    return refused('unsupported_media_type', 415, 'photo_not_image');
  if (file.size > PHOTO_MAX_BYTES) return refused('payload_too_large', 413, 'photo_too_large');
  return undefined;
}

function UploadRows({ rows, onDismiss }: { rows: UploadRow[]; onDismiss: (key: number) => void }) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2">
      {rows.map((row) => {
        const percent = Math.round(row.sent * 100);
        return (
          <li key={row.key} className="flex flex-col gap-1 text-sm">
            {row.error === null ? (
              <>
                <p className="wrap-anywhere text-stone-700">
                  {t('photos.vendor.uploadProgress', { name: row.name, percent })}
                </p>
                <div
                  role="progressbar"
                  aria-label={t('photos.vendor.uploading', { name: row.name })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  className="h-2 overflow-hidden rounded-full bg-stone-200"
                >
                  <div className="h-full bg-brand-700 transition-[width]" style={{ width: `${percent}%` }} />
                </div>
              </>
            ) : (
              <div
                role="alert"
                className="flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-red-900"
              >
                <p className="min-w-0 flex-1 wrap-anywhere">
                  <span className="font-semibold">{t('photos.vendor.uploadFailed', { name: row.name })}</span>
                  {'. '}
                  {row.error}
                </p>
                <Button
                  size="icon"
                  variant="ghost"
                  className="-my-1 size-8 text-red-900"
                  aria-label={t('photos.vendor.dismissLabel', { name: row.name })}
                  onClick={() => onDismiss(row.key)}
                >
                  <X aria-hidden="true" className="size-4" />
                </Button>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** A file input out of sight, opened by a button: the button is what people and tests press. */
function useFilePicker(onFiles: (files: File[]) => void) {
  const input = useRef<HTMLInputElement>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.currentTarget.files ?? [])];
    // The same file chosen again (after a refusal) must fire again.
    event.currentTarget.value = '';
    if (files.length > 0) onFiles(files);
  };
  return { input, open: () => input.current?.click(), onChange };
}

function useDeleteWithConfirm() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const remove = useDeletePhoto();
  const run = async (id: string, ask: boolean) => {
    if (ask && !window.confirm(t('photos.vendor.confirmDelete'))) return;
    try {
      await remove.mutateAsync(id);
      toast.success(t('photos.vendor.deleted'));
    } catch (err) {
      toast.error(t('photos.vendor.deleteFailed'), { description: errorText(err) });
    }
  };
  return { run, pending: remove.isPending };
}

/** The removed photos' notices: the admin's reason, and Clear (deletes the row that keeps it). */
function RemovedNotices({ photos, kindText }: { photos: VendorPhoto[]; kindText: string }) {
  const { t } = useTranslation();
  const remove = useDeleteWithConfirm();
  if (photos.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2">
      {photos.map((photo) => (
        <li
          key={photo.id}
          className="flex items-start gap-2 rounded-lg bg-yellow-50 px-3 py-2 text-sm text-yellow-950"
        >
          <p className="min-w-0 flex-1 wrap-anywhere">
            <span className="font-semibold">{kindText}</span>
            {' · '}
            {photo.removal_reason
              ? t('photos.vendor.removedBecause', { reason: photo.removal_reason })
              : t('photos.vendor.removedNoReason')}
          </p>
          <Button
            size="sm"
            variant="ghost"
            disabled={remove.pending}
            aria-label={t('photos.vendor.dismissRemovedLabel', { kind: kindText.toLocaleLowerCase() })}
            onClick={() => void remove.run(photo.id, false)}
          >
            {t('photos.vendor.dismissRemoved')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The profile photo or the cover: the one waiting for review if any (the public keeps the approved
 * one meanwhile), else the approved one, else the initials art the public pages show.
 */
function SinglePhoto({
  kind,
  photos,
  slug,
}: {
  kind: 'profile' | 'cover';
  photos: VendorPhoto[];
  slug: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const uploads = usePhotoUploads(kind);
  const picker = useFilePicker((files) => void uploads.send(files.slice(0, 1)));
  const remove = useDeleteWithConfirm();
  const approved = photos.find((photo) => photo.status === 'approved');
  const pending = photos.find((photo) => photo.status === 'pending');
  const removed = photos.filter((photo) => photo.status === 'removed');
  const shown = pending ?? approved;
  const kindName = t(`photos.kinds.${kind}`);
  const kindText = t(`photos.kindsInText.${kind}`);
  const art = kind === 'profile' ? `/media/vendors/${slug}.svg` : `/media/covers/${slug}.svg`;
  const box = kind === 'profile' ? 'size-24 rounded-2xl' : 'h-28 w-full rounded-xl';

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2 border-t border-stone-100 pt-3">
      <h3 id={titleId} className="font-semibold text-stone-900">
        {kindName}
      </h3>
      <p className="text-sm text-stone-600">{t(`photos.vendor.${kind}Hint`)}</p>
      <div className={kind === 'profile' ? 'flex items-center gap-3' : 'flex flex-col gap-2'}>
        {shown ? (
          <PhotoImage
            photo={shown}
            viewer="vendor"
            alt={shown.alt ?? kindName}
            sizes={drawn[kind]}
            className={box}
          />
        ) : (
          <img
            src={art}
            alt={t('photos.vendor.artAlt')}
            width={kind === 'profile' ? 96 : 448}
            height={kind === 'profile' ? 96 : 112}
            loading="lazy"
            decoding="async"
            className={`${box} bg-stone-100 object-cover`}
          />
        )}
        {shown ? <StatusBadge status={shown.status} className="self-start" /> : null}
      </div>
      {pending && approved ? <p className="text-sm text-stone-700">{t('photos.vendor.replacing')}</p> : null}
      <RemovedNotices photos={removed} kindText={kindName} />
      <UploadRows rows={uploads.rows} onDismiss={uploads.dismiss} />
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          disabled={uploads.busy}
          aria-label={t(shown ? 'photos.vendor.changeLabel' : 'photos.vendor.uploadLabel', {
            kind: kindText,
          })}
          onClick={picker.open}
        >
          <Upload aria-hidden="true" className="size-4" />
          {shown ? t('photos.vendor.change') : t('photos.vendor.upload')}
        </Button>
        {shown ? (
          <Button
            size="sm"
            variant="ghost"
            disabled={remove.pending || uploads.busy}
            aria-label={t('photos.vendor.deleteLabel', { kind: kindText })}
            onClick={() => void remove.run(shown.id, true)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {t('photos.vendor.delete')}
          </Button>
        ) : null}
      </div>
      <input
        ref={picker.input}
        type="file"
        accept={accept}
        hidden
        tabIndex={-1}
        aria-label={t(shown ? 'photos.vendor.changeLabel' : 'photos.vendor.uploadLabel', { kind: kindText })}
        data-testid={`photo-file-${kind}`}
        onChange={picker.onChange}
      />
    </section>
  );
}

/** The portfolio: up to 12, in order, each with its description, service, place and delete. */
function Portfolio({ photos }: { photos: VendorPhoto[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  const services = useVendorServices().data?.items ?? [];
  const reorder = useReorderPhotos();
  const errorText = useErrorText();
  const listed = photos.filter((photo) => photo.status !== 'removed').sort((a, b) => a.position - b.position);
  const removed = photos.filter((photo) => photo.status === 'removed');
  const room = PORTFOLIO_MAX_PHOTOS - listed.length;
  const [tooMany, setTooMany] = useState<number | null>(null);
  const uploads = usePhotoUploads('portfolio');
  const picker = useFilePicker((files) => {
    setTooMany(files.length > room ? room : null);
    void uploads.send(files.slice(0, room));
  });
  const [announcement, setAnnouncement] = useState('');
  /**
   * The button pressed to move a photo keeps the focus as its photo moves (the list is drawn again
   * in the new order), or its twin once the photo reaches an end and the button is disabled.
   */
  const moved = useRef<{ id: string; direction: 'up' | 'down' } | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const order = listed.map((photo) => photo.id).join();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the order shown changes.
  useEffect(() => {
    const pressed = moved.current;
    if (!pressed || !list.current) return;
    moved.current = null;
    const find = (direction: string) =>
      list.current?.querySelector<HTMLButtonElement>(`[data-move="${pressed.id}-${direction}"]`);
    const button = find(pressed.direction);
    const target = button && !button.disabled ? button : find(pressed.direction === 'up' ? 'down' : 'up');
    target?.focus();
  }, [order]);

  async function move(index: number, direction: 'up' | 'down') {
    // One move at a time: each sends the whole order, built from the one shown.
    if (reorder.isPending) return;
    const to = direction === 'up' ? index - 1 : index + 1;
    const ids = listed.map((photo) => photo.id);
    const [id] = ids.splice(index, 1);
    if (!id || to < 0 || to > ids.length) return;
    ids.splice(to, 0, id);
    moved.current = { id, direction };
    setAnnouncement(t('photos.vendor.moved', { position: to + 1, count: ids.length }));
    try {
      await reorder.mutateAsync(ids);
    } catch (err) {
      setAnnouncement('');
      toast.error(t('photos.vendor.moveFailed'), { description: errorText(err) });
    }
  }

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2 border-t border-stone-100 pt-3">
      <div className="flex items-baseline justify-between gap-3">
        <h3 id={titleId} className="font-semibold text-stone-900">
          {t('photos.vendor.portfolio')}
        </h3>
        <p className="text-sm text-stone-600">
          {t('photos.vendor.portfolioCount', { count: listed.length, max: PORTFOLIO_MAX_PHOTOS })}
        </p>
      </div>
      <p className="text-sm text-stone-600">
        {t('photos.vendor.portfolioHint', { max: PORTFOLIO_MAX_PHOTOS })}
      </p>
      {listed.length === 0 ? <EmptyNote icon={Images} text={t('photos.vendor.portfolioEmpty')} /> : null}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {listed.length > 0 ? (
        <ul ref={list} aria-label={t('photos.vendor.portfolioList')} className="grid gap-3 sm:grid-cols-2">
          {listed.map((photo, index) => (
            <li key={photo.id}>
              <PortfolioPhoto
                photo={photo}
                position={index + 1}
                count={listed.length}
                services={services}
                onMove={(direction) => void move(index, direction)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <RemovedNotices photos={removed} kindText={t('photos.kinds.portfolio')} />
      <UploadRows rows={uploads.rows} onDismiss={uploads.dismiss} />
      {tooMany !== null && tooMany > 0 ? (
        <p role="status" className="text-sm text-stone-700">
          {t('photos.vendor.tooManySelected', { count: tooMany })}
        </p>
      ) : null}
      {room <= 0 ? <p className="text-sm text-stone-700">{t('photos.vendor.portfolioFull')}</p> : null}
      <Button
        variant="soft"
        className="self-start"
        disabled={room <= 0 || uploads.busy}
        onClick={picker.open}
      >
        <ImagePlus aria-hidden="true" className="size-5" />
        {t('photos.vendor.addPhotos')}
      </Button>
      <input
        ref={picker.input}
        type="file"
        accept={accept}
        multiple
        hidden
        tabIndex={-1}
        aria-label={t('photos.vendor.addPhotos')}
        data-testid="photo-file-portfolio"
        onChange={picker.onChange}
      />
    </section>
  );
}

function PortfolioPhoto({
  photo,
  position,
  count,
  services,
  onMove,
}: {
  photo: VendorPhoto;
  position: number;
  count: number;
  services: VendorService[];
  onMove: (direction: 'up' | 'down') => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const update = useUpdatePhoto();
  const remove = useDeleteWithConfirm();
  const [alt, setAlt] = useState(photo.alt ?? '');
  const altId = useId();
  const serviceId = useId();
  const titleId = useId();
  // The vendor's active services, and the one this photo names even if deactivated since.
  const choices = services.filter((service) => service.is_active || service.id === photo.service_id);

  async function saveAlt(event: FormEvent) {
    event.preventDefault();
    try {
      await update.mutateAsync({ id: photo.id, input: { alt } });
      toast.success(t('photos.vendor.altSaved'));
    } catch (err) {
      toast.error(t('photos.vendor.altFailed'), { description: errorText(err) });
    }
  }

  async function saveService(value: string) {
    try {
      await update.mutateAsync({ id: photo.id, input: { service_id: value || null } });
      toast.success(t('photos.vendor.serviceSaved'));
    } catch (err) {
      toast.error(t('photos.vendor.serviceFailed'), { description: errorText(err) });
    }
  }

  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-3 rounded-xl border border-stone-200 p-3">
      <div className="flex items-start gap-3">
        <PhotoImage
          photo={photo}
          viewer="vendor"
          alt={photo.alt ?? ''}
          sizes={drawn.portfolio}
          className="h-21 w-28 shrink-0 rounded-lg"
        />
        <div className="flex min-w-0 flex-col items-start gap-1">
          <h4 id={titleId} className="text-sm font-semibold text-stone-900">
            {t('photos.vendor.photoNumber', { position, count })}
          </h4>
          <StatusBadge status={photo.status} />
        </div>
      </div>
      <form className="flex flex-col gap-1.5" onSubmit={(event) => void saveAlt(event)}>
        <label htmlFor={altId} className="text-sm font-medium text-stone-800">
          {t('photos.vendor.alt')}
        </label>
        <Input
          id={altId}
          value={alt}
          maxLength={PHOTO_ALT_MAX}
          placeholder={t('photos.vendor.altPlaceholder')}
          onChange={(event) => setAlt(event.currentTarget.value)}
        />
        <Button
          type="submit"
          size="sm"
          variant="secondary"
          className="self-start"
          disabled={update.isPending || alt === (photo.alt ?? '')}
          aria-label={t('photos.vendor.saveAltLabel', { position })}
        >
          {t('photos.vendor.saveAlt')}
        </Button>
      </form>
      {choices.length > 0 ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={serviceId} className="text-sm font-medium text-stone-800">
            {t('photos.vendor.service')}
          </label>
          <select
            id={serviceId}
            value={photo.service_id ?? ''}
            disabled={update.isPending}
            onChange={(event) => void saveService(event.currentTarget.value)}
            className={inputClassName}
          >
            <option value="">{t('photos.vendor.noService')}</option>
            {choices.map((service) => (
              <option key={service.id} value={service.id}>
                {service.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          data-move={`${photo.id}-up`}
          disabled={position === 1}
          aria-label={t('photos.vendor.moveUpLabel', { position })}
          onClick={() => onMove('up')}
        >
          <ArrowUp aria-hidden="true" className="size-4" />
          {t('photos.vendor.moveUp')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          data-move={`${photo.id}-down`}
          disabled={position === count}
          aria-label={t('photos.vendor.moveDownLabel', { position })}
          onClick={() => onMove('down')}
        >
          <ArrowDown aria-hidden="true" className="size-4" />
          {t('photos.vendor.moveDown')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={remove.pending}
          aria-label={t('photos.vendor.deletePhotoLabel', { position })}
          onClick={() => void remove.run(photo.id, true)}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {t('photos.vendor.delete')}
        </Button>
      </div>
    </article>
  );
}
