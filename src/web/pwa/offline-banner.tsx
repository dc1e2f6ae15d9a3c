import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

// The server renders the public pages online (decision 042); Node 20 has no navigator.
const isOnline = () => typeof navigator === 'undefined' || navigator.onLine;

/**
 * Says plainly that the network is missing (the service worker still shows the app shell offline).
 * The live region is always there, so that going offline is announced.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  return (
    <div role="status" className="sticky top-0 z-40">
      {online ? null : (
        <p className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          {t('discovery.offline.text')}
        </p>
      )}
    </div>
  );
}
