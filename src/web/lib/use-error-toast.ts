import { useEffect, useRef } from 'react';
import { toast } from './toast.ts';

export interface ErrorToastText {
  title: string;
  description?: string;
}

/**
 * product §8: browsing errors are toasts — one per failed load (a retry that fails again is a new
 * failure, so `errorUpdatedAt` tells them apart). `text` undefined shows nothing (say, a 404 that the
 * caller reports its own way).
 */
export function useErrorToast(
  key: string,
  { isError, errorUpdatedAt }: { isError: boolean; errorUpdatedAt: number },
  text: ErrorToastText | undefined,
) {
  const shown = useRef(0);
  const title = text?.title;
  const description = text?.description;
  useEffect(() => {
    if (!isError || !title || errorUpdatedAt === 0 || shown.current === errorUpdatedAt) return;
    shown.current = errorUpdatedAt;
    // The id also merges the two effect runs of React's development StrictMode into one toast.
    toast.error(title, { id: `${key}-${errorUpdatedAt}`, description });
  }, [key, isError, errorUpdatedAt, title, description]);
}
