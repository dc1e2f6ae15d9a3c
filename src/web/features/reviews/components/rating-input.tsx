import { clsx } from 'clsx';
import { Star } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A rating from 1 to 5 chosen as five stars: a group of native radio buttons, so that Tab reaches
 * the group once and the arrow keys move and choose within it as radios do. Each radio is named by
 * `starLabel` ("3 stars"); the stars up to the chosen one are filled, for the eye.
 */
export function RatingInput({
  id,
  legend,
  starLabel,
  chosenText,
  value,
  error,
  field,
}: {
  id: string;
  legend: string;
  starLabel: (n: number) => string;
  /** What the chosen rating reads as beside the stars ("4 of 5"). */
  chosenText: (n: number) => string;
  value: number | undefined;
  error: string | undefined;
  /** The form's registration of the one field the five radios share. */
  field: UseFormRegisterReturn;
}) {
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="mb-2 flex items-baseline gap-1 text-sm font-medium text-stone-800">
        {legend}
        <span aria-hidden="true" className="text-sm font-semibold text-red-700">
          *
        </span>
      </legend>
      <div className="flex items-center gap-3">
        <div className="flex">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className={clsx(
                'flex size-11 cursor-pointer items-center justify-center rounded-lg',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-0',
              )}
            >
              <input
                type="radio"
                value={n}
                required
                {...field}
                id={n === 1 ? id : undefined}
                className="sr-only"
              />
              <span className="sr-only">{starLabel(n)}</span>
              <Star
                aria-hidden="true"
                className={clsx(
                  'size-8',
                  value !== undefined && n <= value ? 'fill-amber-400 text-amber-500' : 'text-stone-500',
                )}
              />
            </label>
          ))}
        </div>
        {value ? (
          <span aria-hidden="true" className="text-sm font-medium text-stone-700">
            {chosenText(value)}
          </span>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
