import type { ReactNode } from 'react';

// The notices at the top of the vendor's dashboard: the address just confirmed, where the profile's
// review stands (decision 048) and its change waiting or turned down (decision 055).

const tones = {
  /** Something waits for an admin. */
  waiting: 'flex flex-col gap-2 rounded-2xl bg-yellow-50 p-4 text-yellow-950',
  /** An admin turned it down. */
  refused: 'flex flex-col gap-2 rounded-2xl bg-stone-100 p-4 text-stone-900',
  /** Nothing to do but wait. */
  info: 'flex flex-col gap-1 rounded-2xl bg-blue-50 p-4 text-blue-950',
  /** Something went through. */
  done: 'flex flex-col gap-1 rounded-2xl bg-green-50 p-4 text-green-950',
} as const;

/** A notice named by its title. */
export function DashboardNotice({
  titleId,
  title,
  tone,
  children,
}: {
  titleId: string;
  title: string;
  tone: keyof typeof tones;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className={tones[tone]}>
      <h2 id={titleId} className="font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** An admin's message, as written, line by line; nothing when there is none. */
export function AdminMessage({ message }: { message: string | null }) {
  return message ? (
    <blockquote className="whitespace-pre-line rounded-lg bg-white/70 px-3 py-2 text-sm">
      {message}
    </blockquote>
  ) : null;
}
