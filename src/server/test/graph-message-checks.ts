import { z } from 'zod';
import { INTERACTIVE_LIMITS as L } from '../../shared/whatsapp.schemas.ts';
import {
  bodyParameterCount,
  type TemplateDefinition,
  templateDefinitions,
} from '../features/whatsapp/whatsapp-texts.ts';

// What the fake Graph API accepts on POST /{phone-number-id}/messages: Meta's documented request
// shapes and limits for text, interactive (reply buttons, list, cta_url) and template messages, and
// for templates the approved catalogue (name, language, body parameters, buttons).
// https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages
// …/messages/interactive-reply-buttons-messages, …/interactive-list-messages,
// …/interactive-cta-url-messages, …/guides/send-message-templates

const common = {
  messaging_product: z.literal('whatsapp'),
  recipient_type: z.literal('individual').optional(),
  to: z.string().regex(/^\d{8,15}$/),
  context: z.strictObject({ message_id: z.string().min(1) }).optional(),
};

const footer = z.strictObject({ text: z.string().min(1).max(L.footer) }).optional();
const body = z.strictObject({ text: z.string().min(1).max(L.body) });
const header = z.strictObject({ type: z.literal('text'), text: z.string().min(1).max(60) }).optional();

const unique = <T>(values: T[]) => new Set(values).size === values.length;

const replyButtons = z.strictObject({
  type: z.literal('button'),
  header,
  body,
  footer,
  action: z.strictObject({
    buttons: z
      .array(
        z.strictObject({
          type: z.literal('reply'),
          reply: z.strictObject({
            id: z
              .string()
              .min(1)
              .max(L.buttonId)
              .refine((id) => id.trim() === id, 'no spaces around an id'),
            title: z.string().min(1).max(L.buttonTitle),
          }),
        }),
      )
      .min(1)
      .max(L.buttons)
      .refine((b) => unique(b.map((x) => x.reply.id)), 'button ids must be unique')
      .refine((b) => unique(b.map((x) => x.reply.title)), 'button titles must be unique'),
  }),
});

const list = z.strictObject({
  type: z.literal('list'),
  header,
  body,
  footer,
  action: z
    .strictObject({
      button: z.string().min(1).max(L.listButton),
      sections: z
        .array(
          z.strictObject({
            title: z.string().min(1).max(L.sectionTitle).optional(),
            rows: z
              .array(
                z.strictObject({
                  id: z.string().min(1).max(L.rowId),
                  title: z.string().min(1).max(L.rowTitle),
                  description: z.string().min(1).max(L.rowDescription).optional(),
                }),
              )
              .min(1),
          }),
        )
        .min(1)
        .max(10),
    })
    .refine((a) => a.sections.flatMap((s) => s.rows).length <= L.listRows, 'at most 10 rows in all')
    .refine((a) => unique(a.sections.flatMap((s) => s.rows.map((r) => r.id))), 'row ids must be unique')
    .refine((a) => a.sections.length === 1 || a.sections.every((s) => s.title), 'sections need titles'),
});

const ctaUrl = z.strictObject({
  type: z.literal('cta_url'),
  header,
  body,
  footer,
  action: z.strictObject({
    name: z.literal('cta_url'),
    parameters: z.strictObject({
      display_text: z.string().min(1).max(L.ctaText),
      url: z.url({ protocol: /^https?$/ }),
    }),
  }),
});

const templateComponent = z.union([
  z.strictObject({
    type: z.literal('body'),
    parameters: z.array(z.strictObject({ type: z.literal('text'), text: z.string().min(1) })).min(1),
  }),
  z.strictObject({
    type: z.literal('button'),
    sub_type: z.literal('quick_reply'),
    index: z.string().regex(/^\d$/),
    parameters: z.tuple([z.strictObject({ type: z.literal('payload'), payload: z.string().min(1) })]),
  }),
  z.strictObject({
    type: z.literal('button'),
    sub_type: z.literal('url'),
    index: z.string().regex(/^\d$/),
    parameters: z.tuple([z.strictObject({ type: z.literal('text'), text: z.string().min(1) })]),
  }),
]);

export const graphMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({
    ...common,
    type: z.literal('text'),
    text: z.strictObject({ preview_url: z.boolean().optional(), body: z.string().min(1).max(4096) }),
  }),
  z.strictObject({
    ...common,
    type: z.literal('interactive'),
    interactive: z.discriminatedUnion('type', [replyButtons, list, ctaUrl]),
  }),
  z.strictObject({
    ...common,
    type: z.literal('template'),
    template: z.strictObject({
      name: z.string().min(1),
      language: z.strictObject({ code: z.string().min(2) }),
      components: z.array(templateComponent).optional(),
    }),
  }),
]);
export type GraphMessage = z.infer<typeof graphMessageSchema>;

export interface GraphRefusal {
  status: number;
  code: number;
  message: string;
}

/** The approved templates by name: the repo's catalogue unless a test says otherwise. */
export const approvedTemplates = (): TemplateDefinition[] => templateDefinitions();

/** Null when Meta would accept the request; else the error Meta answers. */
export function checkGraphMessage(json: unknown, approved: TemplateDefinition[]): GraphRefusal | null {
  const parsed = graphMessageSchema.safeParse(json);
  if (!parsed.success)
    return {
      status: 400,
      code: 100,
      message: `(#100) Invalid parameter: ${parsed.error.issues
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
    };
  const message = parsed.data;
  if (message.type !== 'template') return null;
  const { name, language, components = [] } = message.template;
  const known = approved.find((t) => t.name === name && t.language === language.code);
  if (!known)
    return {
      status: 404,
      code: 132001,
      message: `(#132001) Template name does not exist in the translation`,
    };
  const mismatch = (why: string): GraphRefusal => ({
    status: 400,
    code: 132000,
    message: `(#132000) Number of parameters does not match the expected number of params: ${why}`,
  });
  const bodyGiven = components.find((c) => c.type === 'body')?.parameters.length ?? 0;
  if (components.filter((c) => c.type === 'body').length > 1) return mismatch('two body components');
  if (bodyGiven !== bodyParameterCount(known.body))
    return mismatch(`body takes ${bodyParameterCount(known.body)}, got ${bodyGiven}`);
  const buttons = known.buttons ?? [];
  const given = components.filter((c) => c.type === 'button');
  const indexes = given.map((c) => Number(c.index));
  if (!unique(indexes)) return mismatch('a button given twice');
  for (const component of given) {
    const button = buttons[Number(component.index)];
    const expected = button?.type === 'QUICK_REPLY' ? 'quick_reply' : button?.type === 'URL' ? 'url' : null;
    if (expected !== component.sub_type)
      return mismatch(`button ${component.index} is not a ${component.sub_type} button`);
    if (button?.type === 'URL' && !button.url.endsWith('{{1}}'))
      return mismatch(`button ${component.index} is a static URL`);
  }
  // A dynamic URL button cannot be sent without its suffix.
  const missing = buttons.findIndex(
    (b, i) => b.type === 'URL' && b.url.endsWith('{{1}}') && !indexes.includes(i),
  );
  if (missing >= 0) return mismatch(`URL button ${missing} needs its parameter`);
  return null;
}
