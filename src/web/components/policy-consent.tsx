import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type PolicyName, paths, policyNames } from '../lib/paths.ts';

const sentences = { booking: 'legal.bookingConsent', signup: 'legal.signupConsent' } as const;

/**
 * The line above a form's last button that names the policies it accepts (product §2.23):
 * "By requesting you accept…" on the booking form, "By signing up you accept…" in the vendor wizard.
 * The links open in a new tab, so that reading a policy never loses what was typed in the form.
 */
export function PolicyConsent({ kind }: { kind: keyof typeof sentences }) {
  const { t } = useTranslation();
  return (
    <p className="text-sm text-stone-600">
      {withPolicyLinks(t(sentences[kind]))} <span className="sr-only">{t('legal.newTab')}</span>
    </p>
  );
}

const isPolicyName = (name: string): name is PolicyName => (policyNames as readonly string[]).includes(name);

/**
 * The sentence with each `<privacy>…</privacy>` (a policy's name as the tag) as a link to that
 * policy. Not react-i18next's Trans: it would add its parser to the chunk every public page loads
 * (decision 020) for these two lines.
 */
function withPolicyLinks(sentence: string): ReactNode[] {
  // split() with capture groups: text, tag, inner text, text, tag, inner text, …, text.
  const parts = sentence.split(/<(\w+)>(.*?)<\/\1>/);
  const nodes: ReactNode[] = [];
  for (let i = 0; i < parts.length; i += 3) {
    nodes.push(<Fragment key={`text-${i}`}>{parts[i]}</Fragment>);
    const name = parts[i + 1];
    const text = parts[i + 2];
    if (name === undefined || text === undefined) continue;
    nodes.push(
      isPolicyName(name) ? (
        <Link
          key={name}
          to={paths.policy.to(name)}
          target="_blank"
          rel="noopener"
          className="font-medium text-brand-800 underline underline-offset-4"
        >
          {text}
        </Link>
      ) : (
        <Fragment key={`tag-${i}`}>{text}</Fragment>
      ),
    );
  }
  return nodes;
}
