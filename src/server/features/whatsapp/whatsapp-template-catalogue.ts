import { type TemplateDefinition, templateDefinitions } from './whatsapp-texts.ts';

// The catalogue (whatsapp-texts.ts `templates`, decision 069) in the form Meta's template manager asks
// for: one body of `POST /{waba-id}/message_templates` per template and language (decision 072: es_MX
// and en_US under one name) — name, language, category, and
// components, the BODY with an example of its parameters and the BUTTONS. Printed by
// `npm run whatsapp:templates`. Meta's sample `hello_world` is in every account and never submitted.
// https://developers.facebook.com/docs/whatsapp/business-management-api/message-templates

export interface MetaTemplateRequest {
  name: string;
  language: string;
  category: TemplateDefinition['category'];
  components: (
    | { type: 'BODY'; text: string; example?: { body_text: string[][] } }
    | {
        type: 'BUTTONS';
        buttons: (
          | { type: 'QUICK_REPLY'; text: string }
          | { type: 'URL'; text: string; url: string; example?: string[] }
        )[];
      }
  )[];
}

/**
 * One template as submitted; URL buttons absolute under `appUrl` (the production APP_URL), but for
 * a button whose URL is a whole https address already (the maps link, decision 070).
 */
export function metaTemplateRequest(definition: TemplateDefinition, appUrl: string): MetaTemplateRequest {
  const base = appUrl.replace(/\/+$/, '');
  const buttons = (definition.buttons ?? []).map((button) => {
    if (button.type === 'QUICK_REPLY') return { type: 'QUICK_REPLY' as const, text: button.text };
    const url = button.url.startsWith('https://') ? button.url : `${base}${button.url}`;
    return {
      type: 'URL' as const,
      text: button.text,
      url,
      ...(button.url.includes('{{1}}') ? { example: [url.replace('{{1}}', button.example)] } : {}),
    };
  });
  return {
    name: definition.name,
    language: definition.language,
    category: definition.category,
    components: [
      {
        type: 'BODY',
        text: definition.body,
        ...(definition.example.length ? { example: { body_text: [[...definition.example]] } } : {}),
      },
      ...(buttons.length ? [{ type: 'BUTTONS' as const, buttons }] : []),
    ],
  };
}

/** Every template to submit, in the catalogue's order, each name in every language. */
export function metaTemplateRequests(appUrl: string): MetaTemplateRequest[] {
  return templateDefinitions()
    .filter((t) => !t.sample)
    .map((t) => metaTemplateRequest(t, appUrl));
}
