import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PhotoKind,
  PhotoPatchInput,
  PhotoUploadResponse,
  VendorPhoto,
} from '../../../../shared/vendor-photos.ts';
import { ApiError, api, reasonOf, unwrap } from '../../../lib/api-client.ts';

// The dashboard's Photos (decisions 074, 075): GET /api/vendor/photos, the upload (multipart, sent by
// XMLHttpRequest: fetch reports no upload progress), PATCH alt or service, DELETE, PUT order. Under
// the `vendor-account` key, so that signing out drops them with the rest of the vendor's data.

export const vendorPhotosKey = ['vendor-account', 'photos'] as const;

type Photos = { items: VendorPhoto[] };

/** The vendor's own photos, every status, by kind then position. */
export function useVendorPhotos() {
  return useQuery({
    queryKey: vendorPhotosKey,
    queryFn: ({ signal }): Promise<Photos> => unwrap(api.vendor.photos.$get({}, { init: { signal } })),
  });
}

export interface PhotoUpload {
  file: File;
  kind: PhotoKind;
  serviceId?: string;
  alt?: string;
}

/**
 * POST /api/vendor/photos as multipart, reporting the share of the bytes sent (0 to 1). Resolves with
 * the new photo; rejects with an ApiError as `unwrap` does: the server's code and reason, or status 0
 * when the server could not be reached.
 */
export function sendPhoto(
  { file, kind, serviceId, alt }: PhotoUpload,
  onProgress: (sent: number) => void,
): Promise<PhotoUploadResponse> {
  const form = new FormData();
  form.append('kind', kind);
  if (serviceId) form.append('service_id', serviceId);
  if (alt) form.append('alt', alt);
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/vendor/photos');
    request.responseType = 'text';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      const body = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(body as PhotoUploadResponse);
      } else reject(apiErrorOf(request.status, body));
    });
    const unreachable = () => reject(new ApiError('network_error', 'The server could not be reached.', 0));
    request.addEventListener('error', unreachable);
    request.addEventListener('timeout', unreachable);
    request.send(form);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The error shape of ARCHITECTURE §6, as lib/api-client.ts reads it for fetch. */
function apiErrorOf(status: number, body: unknown): ApiError {
  const error =
    typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'object'
      ? (body.error as {
          code?: unknown;
          message?: unknown;
          details?: unknown;
          reason?: unknown;
          params?: unknown;
        } | null)
      : null;
  if (error && typeof error.code === 'string' && typeof error.message === 'string')
    return new ApiError(error.code, error.message, status, error.details, reasonOf(error));
  return new ApiError('http_error', `Request failed with status ${status}.`, status);
}

/** Reads the photos again, and the public lists this browser read (a vendor's photos show there). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: vendorPhotosKey }),
      queryClient.invalidateQueries({ queryKey: ['vendors'] }),
    ]);
}

/** The upload as a mutation: `onProgress` hears its bytes go. */
export function useUploadPhoto() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ upload, onProgress }: { upload: PhotoUpload; onProgress: (sent: number) => void }) =>
      sendPhoto(upload, onProgress),
    onSettled: refresh,
  });
}

/** PATCH /api/vendor/photos/:id: exactly the fields named (alt, or service_id). */
export function useUpdatePhoto() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: PhotoPatchInput }): Promise<VendorPhoto> =>
      unwrap(api.vendor.photos[':id'].$patch({ param: { id }, json: input })),
    onSuccess: (photo) => {
      queryClient.setQueryData<Photos>(vendorPhotosKey, (before) =>
        before ? { items: before.items.map((p) => (p.id === photo.id ? photo : p)) } : before,
      );
      return queryClient.invalidateQueries({ queryKey: ['vendors'] });
    },
    onError: refresh,
  });
}

export function useDeletePhoto() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.vendor.photos[':id'].$delete({ param: { id } })),
    onSettled: refresh,
  });
}

/**
 * PUT /api/vendor/photos/order with every portfolio photo in the new order. The list shows the new
 * order at once; a refusal puts back the server's.
 */
export function useReorderPhotos() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (ids: string[]): Promise<Photos> => unwrap(api.vendor.photos.order.$put({ json: { ids } })),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: vendorPhotosKey });
      queryClient.setQueryData<Photos>(vendorPhotosKey, (before) =>
        before
          ? {
              items: before.items.map((p) => {
                const at = ids.indexOf(p.id);
                return at === -1 ? p : { ...p, position: at };
              }),
            }
          : before,
      );
    },
    onSuccess: (photos) => {
      queryClient.setQueryData<Photos>(vendorPhotosKey, photos);
      return queryClient.invalidateQueries({ queryKey: ['vendors'] });
    },
    onError: refresh,
  });
}
