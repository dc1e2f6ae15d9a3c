import type { ReviewDecision } from '../../../shared/vendor-review.schemas.ts';
import type { MailOutboxPayload } from '../outbox/outbox.service.ts';
import type { TemplateKey } from '../whatsapp/whatsapp-texts.ts';

// What a vendor is told after a review (decision 048): a mail and a WhatsApp message, in Spanish
// like every message to vendors (ARCHITECTURE §8, §9).

export interface ReviewFacts {
  businessName: string;
  decision: ReviewDecision;
  /** What to change, or why not; null for an approval. */
  message: string | null;
  dashboardUrl: string;
  profileUrl: string;
}

const SUPPORT_EMAIL = 'soporte@barrio.test';
const signOff = ['', 'Barrio'];

export function vendorReviewMail(to: string, facts: ReviewFacts): MailOutboxPayload {
  switch (facts.decision) {
    case 'approve':
      return {
        to,
        subject: `Tu perfil de ${facts.businessName} en Barrio está aprobado`,
        text: [
          'Hola:',
          '',
          `Revisamos el perfil de ${facts.businessName} y ya está publicado: los clientes te encuentran en Barrio y pueden pedirte reservas.`,
          '',
          `Tu perfil: ${facts.profileUrl}`,
          `Tu panel: ${facts.dashboardUrl}`,
          ...signOff,
        ].join('\n'),
      };
    case 'request_changes':
      return {
        to,
        subject: `Tu perfil de ${facts.businessName} en Barrio necesita cambios`,
        text: [
          'Hola:',
          '',
          `Revisamos el perfil de ${facts.businessName} y, antes de publicarlo, te pedimos estos cambios:`,
          '',
          facts.message ?? '',
          '',
          `Hazlos desde tu panel: ${facts.dashboardUrl}`,
          'Mientras tanto tu perfil no aparece en las búsquedas ni recibe reservas; lo revisaremos de nuevo.',
          ...signOff,
        ].join('\n'),
      };
    case 'reject':
      return {
        to,
        subject: `Tu perfil de ${facts.businessName} en Barrio no fue aprobado`,
        text: [
          'Hola:',
          '',
          `Revisamos el perfil de ${facts.businessName} y no podemos publicarlo en Barrio.`,
          '',
          `Motivo: ${facts.message ?? ''}`,
          '',
          `Si tienes dudas, escríbenos a ${SUPPORT_EMAIL}.`,
          ...signOff,
        ].join('\n'),
      };
  }
}

/**
 * The WhatsApp template of each decision and its parameters. A template's parameter may hold no
 * line breaks, tabs or runs of spaces (Meta refuses them): the message is flattened to one line.
 */
export function vendorReviewTemplate(facts: ReviewFacts): { key: TemplateKey; parameters: string[] } {
  const oneLine = (facts.message ?? '').replace(/\s+/g, ' ').trim();
  switch (facts.decision) {
    case 'approve':
      return { key: 'vendor_approved', parameters: [facts.businessName, facts.dashboardUrl] };
    case 'request_changes':
      return {
        key: 'vendor_changes_requested',
        parameters: [facts.businessName, oneLine, facts.dashboardUrl],
      };
    case 'reject':
      return { key: 'vendor_rejected', parameters: [facts.businessName, oneLine, SUPPORT_EMAIL] };
  }
}
