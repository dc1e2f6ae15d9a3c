import { clsx } from 'clsx';
import { Star } from 'lucide-react';

/**
 * A rating shown as five stars, filled to the nearest half. The stars are decoration: `label` is
 * what assistive technology reads ("4.5 out of 5 stars"), in the page's language.
 */
export function Stars({ rating, label, size = 16 }: { rating: number; label: string; size?: number }) {
  const halves = Math.round(rating * 2);
  return (
    <span role="img" aria-label={label} className="inline-flex items-center gap-0.5 text-amber-500">
      {[1, 2, 3, 4, 5].map((n) => {
        const fill = halves >= n * 2 ? 'full' : halves === n * 2 - 1 ? 'half' : 'none';
        return (
          <span key={n} className="relative inline-flex" aria-hidden="true">
            <Star size={size} className="text-stone-300" />
            {fill !== 'none' && (
              <span className={clsx('absolute inset-0 overflow-hidden', fill === 'half' && 'w-1/2')}>
                <Star size={size} className="fill-amber-400 text-amber-500" />
              </span>
            )}
          </span>
        );
      })}
    </span>
  );
}
