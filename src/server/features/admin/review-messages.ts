import type { Language } from '../../../shared/language.ts';
import type { ReviewDecision } from '../../../shared/vendor-review.schemas.ts';
import type { MailOutboxPayload } from '../outbox/outbox.service.ts';
import type { TemplateKey } from '../whatsapp/whatsapp-texts.ts';

// What a vendor is told after a review (decision 048): a mail and a WhatsApp message, in the
// vendor's account's language like every message to vendors (decision 072).

export interface ReviewFacts {
  businessName: string;
  decision: ReviewDecision;
  /** What to change, or why not; null for an approval. */
  message: string | null;
  dashboardUrl: string;
  profileUrl: string;
  /** The vendor's language (whatsapp-texts.ts vendorLanguage). */
  language: Language;
}

const SUPPORT_EMAIL = 'soporte@barrio.test';

interface ReviewWords {
  hello: string;
  subject: Record<ReviewDecision, (name: string) => string>;
  said: Record<ReviewDecision, (facts: ReviewFacts) => string[]>;
}

const words: Record<Language, ReviewWords> = {
  'es-MX': {
    hello: 'Hola:',
    subject: {
      approve: (name) => `Tu perfil de ${name} en Barrio está aprobado`,
      request_changes: (name) => `Tu perfil de ${name} en Barrio necesita cambios`,
      reject: (name) => `Tu perfil de ${name} en Barrio no fue aprobado`,
    },
    said: {
      approve: (f) => [
        `Revisamos el perfil de ${f.businessName} y ya está publicado: los clientes te encuentran en Barrio y pueden pedirte reservas.`,
        '',
        `Tu perfil: ${f.profileUrl}`,
        `Tu panel: ${f.dashboardUrl}`,
      ],
      request_changes: (f) => [
        `Revisamos el perfil de ${f.businessName} y, antes de publicarlo, te pedimos estos cambios:`,
        '',
        f.message ?? '',
        '',
        `Hazlos desde tu panel: ${f.dashboardUrl}`,
        'Mientras tanto tu perfil no aparece en las búsquedas ni recibe reservas; lo revisaremos de nuevo.',
      ],
      reject: (f) => [
        `Revisamos el perfil de ${f.businessName} y no podemos publicarlo en Barrio.`,
        '',
        `Motivo: ${f.message ?? ''}`,
        '',
        `Si tienes dudas, escríbenos a ${SUPPORT_EMAIL}.`,
      ],
    },
  },
  en: {
    hello: 'Hello,',
    subject: {
      approve: (name) => `Your ${name} profile on Barrio is approved`,
      request_changes: (name) => `Your ${name} profile on Barrio needs changes`,
      reject: (name) => `Your ${name} profile on Barrio was not approved`,
    },
    said: {
      approve: (f) => [
        `We checked the ${f.businessName} profile and it is published: customers find you on Barrio and can request bookings.`,
        '',
        `Your profile: ${f.profileUrl}`,
        `Your dashboard: ${f.dashboardUrl}`,
      ],
      request_changes: (f) => [
        `We checked the ${f.businessName} profile and, before publishing it, ask for these changes:`,
        '',
        f.message ?? '',
        '',
        `Make them from your dashboard: ${f.dashboardUrl}`,
        'Meanwhile your profile does not show in searches or get bookings; we will check it again.',
      ],
      reject: (f) => [
        `We checked the ${f.businessName} profile and cannot publish it on Barrio.`,
        '',
        `Reason: ${f.message ?? ''}`,
        '',
        `If you have questions, write to us at ${SUPPORT_EMAIL}.`,
      ],
    },
  },
};

export function vendorReviewMail(to: string, facts: ReviewFacts): MailOutboxPayload {
  const w = words[facts.language];
  return {
    to,
    subject: w.subject[facts.decision](facts.businessName),
    text: [w.hello, '', ...w.said[facts.decision](facts), '', 'Barrio'].join('\n'),
  };
}

/**
 * The WhatsApp template of each decision and its parameters, in the vendor's language. A template's
 * parameter may hold no line breaks, tabs or runs of spaces (Meta refuses them): the message is
 * flattened to one line.
 */
export function vendorReviewTemplate(facts: ReviewFacts): {
  key: TemplateKey;
  parameters: string[];
  language: Language;
} {
  const oneLine = (facts.message ?? '').replace(/\s+/g, ' ').trim();
  const language = facts.language;
  switch (facts.decision) {
    case 'approve':
      return { key: 'vendor_approved', parameters: [facts.businessName, facts.dashboardUrl], language };
    case 'request_changes':
      return {
        key: 'vendor_changes_requested',
        parameters: [facts.businessName, oneLine, facts.dashboardUrl],
        language,
      };
    case 'reject':
      return { key: 'vendor_rejected', parameters: [facts.businessName, oneLine, SUPPORT_EMAIL], language };
  }
}
