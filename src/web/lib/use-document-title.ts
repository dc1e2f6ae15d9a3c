import { useEffect } from 'react';

/**
 * Names the browser tab after the screen: "Browse Vendors · Barrio". A fuller title the server gave
 * the page that starts with the same name stays ("Brillo Total · Cleaning in Roma Norte, Mexico City
 * · Barrio", the link preview): hydrating a page the server rendered does not change it (decision 042).
 */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    if (title && document.title.startsWith(`${title} · `) && document.title.endsWith(' · Barrio')) return;
    document.title = title ? `${title} · Barrio` : 'Barrio';
  }, [title]);
}
