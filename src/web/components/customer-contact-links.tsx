import { phoneForReading } from '../../shared/phone.ts';
import { whatsAppLink } from '../../shared/whatsapp-link.ts';

// A fingertip's height (44 px): these are what a vendor taps to call the customer.
const link =
  'inline-flex min-h-11 items-center font-medium text-brand-800 underline underline-offset-2 break-all';

/**
 * A customer's phone as a vendor or an admin reaches it: tap to call, or a chat on WhatsApp (a new
 * tab). The texts are the screen's own; the fragment goes in the caller's `<dd>`.
 */
export function PhoneContactLinks({
  phone,
  callLabel,
  whatsappLabel,
  whatsappText,
}: {
  phone: string;
  /** The call link's name ('Call +52…'). */
  callLabel: string;
  /** The chat link's name, with the customer's ('Message Ana on WhatsApp'). */
  whatsappLabel: string;
  whatsappText: string;
}) {
  return (
    <>
      <a className={`${link} whitespace-nowrap`} href={`tel:${phone}`} aria-label={callLabel}>
        {phoneForReading(phone)}
      </a>
      <a
        className={link}
        href={whatsAppLink(phone)}
        target="_blank"
        rel="noreferrer"
        aria-label={whatsappLabel}
      >
        {whatsappText}
      </a>
    </>
  );
}

/** A customer's email, a link that opens the mail app. */
export function EmailContactLink({ email }: { email: string }) {
  return (
    <a className={link} href={`mailto:${email}`}>
      {email}
    </a>
  );
}
