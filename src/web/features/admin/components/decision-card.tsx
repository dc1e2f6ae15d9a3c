import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { errorTextNow } from '../../../lib/error-text.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';

// What the Review tab's cards share: a vendor waiting for an admin's decision (decision 048) or an
// approved vendor's change (decision 055), its public profile a link away, and the decisions.

/**
 * Says how a decision went: `done` once it is taken, else `failed` with the server's reason. Awaited
 * here, not in mutate's callbacks: those are dropped once the card leaves the list.
 */
export function sayDecision(decided: Promise<unknown>, done: () => void, failed: string) {
  return decided.then(done, (err) => toast.error(failed, { description: errorTextNow(err) }));
}

/** The vendor's public profile, to see what the decision is about. */
export function ViewProfileLink({ slug }: { slug: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.publicVendor.to(slug)}
      className="inline-flex min-h-11 items-center self-start text-sm font-medium text-brand-800 underline underline-offset-2"
    >
      {t('admin.review.viewProfile')}
    </Link>
  );
}

export interface Decision {
  icon: LucideIcon;
  label: string;
  /** The button's name, with the vendor's ('Approve Jardines Sol'). */
  ariaLabel: string;
  onClick: (event: { currentTarget: HTMLElement }) => void;
}

/** A card's decisions, side by side from a tablet on: the first the primary one. */
export function DecisionButtons({ decisions, pending }: { decisions: Decision[]; pending: boolean }) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      {decisions.map(({ icon: Icon, label, ariaLabel, onClick }, index) => (
        <Button
          key={label}
          {...(index > 0 ? { variant: 'secondary' as const } : {})}
          disabled={pending}
          aria-label={ariaLabel}
          onClick={onClick}
        >
          <Icon aria-hidden="true" className="size-5" />
          {label}
        </Button>
      ))}
    </div>
  );
}
