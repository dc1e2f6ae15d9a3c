import { useEffect } from 'react';

/** Names the browser tab after the screen: "Browse Vendors · Barrio". */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Barrio` : 'Barrio';
  }, [title]);
}
