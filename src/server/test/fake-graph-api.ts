import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TemplateDefinition } from '../features/whatsapp/whatsapp-texts.ts';
import { approvedTemplates, checkGraphMessage, type GraphRefusal } from './graph-message-checks.ts';

// A local stand-in for Meta's Graph API (WhatsApp Cloud API), speaking its real protocol over HTTP so
// that the cloud transport is tested through plain fetch, as in production. It records every request
// and answers like Meta: a wamid on success, Meta's error body otherwise. Every message is checked
// against Meta's documented shapes and the approved templates (graph-message-checks.ts): a request
// Meta would refuse is refused here too, and listed in `refused`.

export interface GraphRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

export type GraphBehaviour =
  | { kind: 'ok' }
  /** The service is down: 503 without a Graph error body. */
  | { kind: 'down' }
  /** A Graph error, e.g. 131047 (re-engagement) with HTTP 400. */
  | { kind: 'error'; status: number; code: number; message: string };

export interface FakeGraphApi {
  /** e.g. http://127.0.0.1:40123/v21.0 — pass as WHATSAPP_API_BASE. */
  baseUrl: string;
  requests: GraphRequest[];
  /** Successful sends, in order, with the wamid answered. */
  sent: { request: GraphRequest; wamid: string }[];
  /** Requests refused for their shape or template, with Meta's error. */
  refused: { request: GraphRequest; error: GraphRefusal }[];
  behave(next: GraphBehaviour): void;
  close(): Promise<void>;
}

export const FAKE_GRAPH_VERSION = 'v21.0';

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeGraphApi({
  token,
  phoneNumberId,
  templates = approvedTemplates(),
}: {
  token: string;
  phoneNumberId: string;
  /** The templates approved in this fake WhatsApp Business account: the repo's catalogue by default. */
  templates?: TemplateDefinition[];
}): Promise<FakeGraphApi> {
  const requests: GraphRequest[] = [];
  const sent: FakeGraphApi['sent'] = [];
  const refused: FakeGraphApi['refused'] = [];
  let behaviour: GraphBehaviour = { kind: 'ok' };

  const server: Server = createServer(async (req, res) => {
    const text = await readBody(req);
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {}
    const request: GraphRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      body,
    };
    requests.push(request);
    const reply = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const graphError = (status: number, code: number, message: string) =>
      reply(status, { error: { message, type: 'OAuthException', code, fbtrace_id: 'fake' } });

    if (behaviour.kind === 'down') {
      res.writeHead(503);
      res.end('Service Unavailable');
      return;
    }
    if (request.authorization !== `Bearer ${token}`)
      return graphError(401, 190, 'Error validating access token');
    const messagesPath = `/${FAKE_GRAPH_VERSION}/${phoneNumberId}/messages`;
    if (req.method === 'GET' && request.path.startsWith(`/${FAKE_GRAPH_VERSION}/${phoneNumberId}?`))
      return reply(200, {
        display_phone_number: '+52 55 0000 0000',
        verified_name: 'Barrio',
        id: phoneNumberId,
      });
    if (req.method !== 'POST' || request.path !== messagesPath)
      return graphError(400, 100, `Unsupported request ${req.method} ${request.path}`);
    if (behaviour.kind === 'error') return graphError(behaviour.status, behaviour.code, behaviour.message);
    const refusal = checkGraphMessage(body, templates);
    if (refusal) {
      refused.push({ request, error: refusal });
      return graphError(refusal.status, refusal.code, refusal.message);
    }
    const to = (body as { to?: string })?.to ?? '';
    const wamid = `wamid.${randomUUID()}`;
    sent.push({ request, wamid });
    reply(200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: to }],
      messages: [{ id: wamid }],
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/${FAKE_GRAPH_VERSION}`,
    requests,
    sent,
    refused,
    behave(next) {
      behaviour = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
