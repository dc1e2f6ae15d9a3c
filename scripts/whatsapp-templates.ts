import { loadDotEnv, parseConfig } from '../src/server/config.ts';
import { metaTemplateRequests } from '../src/server/features/whatsapp/whatsapp-template-catalogue.ts';

// `npm run whatsapp:templates`: every WhatsApp template of the catalogue (decision 069) as the body of
// Meta's `POST /{waba-id}/message_templates`, URL buttons under APP_URL — a JSON array to submit one by
// one (WhatsApp Manager, or curl with the WABA id and a token).
loadDotEnv();
const { appUrl } = parseConfig();
console.log(JSON.stringify(metaTemplateRequests(appUrl), null, 2));
