import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** The centred card that carries a payment page's outcome: an icon, a heading, a text and any more. */
export function PaymentNotice({
  icon: Icon,
  tone,
  title,
  text,
  children,
  headingLevel = 'h1',
}: {
  icon: LucideIcon;
  tone: 'good' | 'bad' | 'neutral';
  title: string;
  text?: string;
  children?: ReactNode;
  headingLevel?: 'h1' | 'h2';
}) {
  const Heading = headingLevel;
  return (
    <section className="flex flex-col items-center gap-3 rounded-2xl border border-stone-200 bg-white px-6 py-8 text-center">
      <Icon
        aria-hidden="true"
        className={clsx(
          'size-10',
          tone === 'good' ? 'text-brand-700' : tone === 'bad' ? 'text-red-700' : 'text-amber-700',
        )}
      />
      <Heading className="text-2xl font-bold text-stone-900">{title}</Heading>
      {text ? <p className="text-stone-700">{text}</p> : null}
      {children}
    </section>
  );
}
