import { CheckCircle2, CircleDashed, CircleDot, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Step } from '../booking-progress.ts';

/** The booking page's timeline: each step with its time, the one under way marked as current. */
export function Timeline({ steps, when }: { steps: Step[]; when: (iso: string) => string }) {
  const { t } = useTranslation();
  return (
    <ol className="flex flex-col rounded-2xl border border-stone-200 bg-white p-4">
      {steps.map((step, index) => {
        const Icon =
          step.state === 'done'
            ? CheckCircle2
            : step.state === 'ended'
              ? XCircle
              : step.state === 'current'
                ? CircleDot
                : CircleDashed;
        const last = index === steps.length - 1;
        return (
          <li
            key={step.key}
            aria-current={step.state === 'current' ? 'step' : undefined}
            data-testid={`timeline-${step.key}`}
            className="relative flex gap-3 pb-4 last:pb-0"
          >
            {last ? null : (
              <span
                aria-hidden="true"
                className="absolute top-7 bottom-1 left-3 w-px -translate-x-1/2 bg-stone-200"
              />
            )}
            <Icon
              aria-hidden="true"
              className={
                step.state === 'done'
                  ? 'size-6 shrink-0 text-brand-700'
                  : step.state === 'ended'
                    ? 'size-6 shrink-0 text-red-700'
                    : step.state === 'current'
                      ? 'size-6 shrink-0 text-amber-700'
                      : 'size-6 shrink-0 text-stone-400'
              }
            />
            <div className="min-w-0 text-sm">
              <p className="font-semibold text-stone-900">{step.label}</p>
              {step.at ? (
                <p className="text-stone-600">
                  <time dateTime={step.at}>{when(step.at)}</time>
                </p>
              ) : step.waiting === null ? null : (
                <p className="text-stone-600">
                  {step.waiting ??
                    (step.state === 'current'
                      ? t('bookings.manage.timeline.now')
                      : t('bookings.manage.timeline.notYet'))}
                </p>
              )}
              {step.note ? <p className="text-stone-700">{step.note}</p> : null}
              {step.quote ? <p className="break-words text-stone-700 italic">{step.quote}</p> : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
