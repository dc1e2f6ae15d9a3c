import { Fragment, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  CUSTOMER_CHANGE_HOURS,
  PAYMENT_WINDOW_HOURS,
  PRIVACY_EMAIL,
  SUPPORT_EMAIL,
  VENDOR_ANSWER_HOURS,
  VENDOR_CONFIRMATION_TARGET_HOURS,
} from '../../shared/constants.ts';
import type { Policy, PolicyBlock } from '../i18n/policies.ts';
import { type PolicyName, paths, policyNames } from '../lib/paths.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { NotFoundPage } from './not-found.tsx';

/** The values the policies' text names, from the constants the code itself runs on. */
const values = {
  changeHours: CUSTOMER_CHANGE_HOURS,
  answerHours: VENDOR_ANSWER_HOURS,
  targetHours: VENDOR_CONFIRMATION_TARGET_HOURS,
  paymentHours: PAYMENT_WINDOW_HOURS,
  email: PRIVACY_EMAIL,
  supportEmail: SUPPORT_EMAIL,
};

const isPolicyName = (value: string | undefined): value is PolicyName =>
  (policyNames as readonly (string | undefined)[]).includes(value);

/**
 * The policies pages (/policies/:policy, product §2.23): the cancellation and refund
 * policy, the terms of service and the privacy notice, in the app's language, each drawn from its
 * structured text in the `policies` strings, under an index of the three. Any other name is a 404.
 */
export function Component() {
  const { policy } = useParams();
  return isPolicyName(policy) ? <PolicyPage name={policy} /> : <NotFoundPage />;
}

function PolicyPage({ name }: { name: PolicyName }) {
  const { t } = useTranslation();
  // The whole policy, its strings interpolated (i18next fills in every string of a returned object).
  const policy: Policy = t(`policies.${name}`, { returnObjects: true, ...values });
  useDocumentTitle(policy.title);
  const note = t('policies.translationNote');
  const idPrefix = useId();
  return (
    <div className="flex flex-col gap-6 py-2">
      <nav aria-label={t('policies.index')}>
        <ul className="flex flex-wrap gap-2">
          {policyNames.map((other) => (
            <li key={other}>
              <Link
                to={paths.policy.to(other)}
                aria-current={other === name ? 'page' : undefined}
                className="inline-flex min-h-11 items-center rounded-full border border-stone-300 px-3 text-sm font-medium text-stone-700 hover:bg-stone-50 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800"
              >
                {t(`legal.${other}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{policy.title}</h1>
        <p className="text-sm text-stone-600">{t('policies.updated')}</p>
        <p className="text-stone-700">{policy.summary}</p>
        {note ? <p className="rounded-xl bg-stone-100 px-3 py-2 text-sm text-stone-700">{note}</p> : null}
      </header>
      {policy.sections.map((section, i) => {
        const headingId = `${idPrefix}-${i}`;
        return (
          <section key={section.heading} aria-labelledby={headingId} className="flex flex-col gap-3">
            <h2 id={headingId} className="text-lg font-semibold text-stone-900">
              {section.heading}
            </h2>
            {section.blocks.map((block) => (
              <Block key={typeof block === 'string' ? block : block.items.join()} block={block} />
            ))}
          </section>
        );
      })}
    </div>
  );
}

function Block({ block }: { block: PolicyBlock }) {
  if (typeof block === 'string') return <p className="text-stone-700">{withEmailLinks(block)}</p>;
  return (
    <ul className="flex list-disc flex-col gap-2 pl-5 text-stone-700 marker:text-brand-700">
      {block.items.map((item) => (
        <li key={item}>{withEmailLinks(item)}</li>
      ))}
    </ul>
  );
}

/** The text with Barrio's addresses in it as mail links. */
function withEmailLinks(text: string): ReactNode {
  return text
    .split(new RegExp(`(${[PRIVACY_EMAIL, SUPPORT_EMAIL].map(escapeRegExp).join('|')})`))
    .map((part, i) =>
      part === PRIVACY_EMAIL || part === SUPPORT_EMAIL ? (
        <a
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered
          key={i}
          href={`mailto:${part}`}
          className="font-medium break-all text-brand-800 underline underline-offset-4"
        >
          {part}
        </a>
      ) : (
        // biome-ignore lint/suspicious/noArrayIndexKey: as above
        <Fragment key={i}>{part}</Fragment>
      ),
    );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
