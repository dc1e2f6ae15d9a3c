import { clsx } from 'clsx';
import { RefreshCw } from 'lucide-react';
import { Button } from './ui/button.tsx';

/** What failed to load, said as an alert, with the button that asks again. */
export function RetryAlert({
  message,
  retryLabel,
  onRetry,
  className,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
  /** Set apart as a card where it stands alone on the page. */
  className?: string;
}) {
  return (
    <div role="alert" className={clsx('flex flex-col items-start gap-3', className)}>
      <p className="text-sm text-red-800">{message}</p>
      <Button size="sm" variant="secondary" onClick={onRetry}>
        <RefreshCw aria-hidden="true" className="size-4" />
        {retryLabel}
      </Button>
    </div>
  );
}
