import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

// A local Stripe API for tests (ARCHITECTURE §1: the SDK takes host, port, protocol). It speaks the
// subset we use — create, retrieve and expire Checkout Sessions; create and list Refunds — and
// REFUSES, as Stripe would (400), any request that breaks the rules we promise: a secret key, an
// Idempotency-Key on every create (reused only with the same endpoint and parameters), currency mxn, a
// positive integer amount, expires_at within [now + 30 min, now + 24 h], a success URL with the
// {CHECKOUT_SESSION_ID} placeholder; a refund only of a paid PaymentIntent and never of more than is
// left on it (decision 046: `charge_already_refunded` once nothing is). Tests read `requests` to
// assert what was sent.

export interface FakeStripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  params: Record<string, unknown>;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  url: string;
  currency: string;
  amount_total: number;
  expires_at: number;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  payment_method_types: string[];
  /** Set when the customer completes the checkout (`complete`). */
  payment_intent: string | null;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: 'mxn';
  payment_intent: string;
  reason: string | null;
  status: 'succeeded' | 'failed';
  failure_reason?: string;
  metadata: Record<string, string>;
  created: number;
}

/** What the fake knows of a PaymentIntent: what was paid, and what of it went back. */
export interface FakePaymentIntent {
  id: string;
  amount: number;
  /** False while an OXXO voucher is unpaid: there is nothing to refund yet. */
  paid: boolean;
  amount_refunded: number;
  refunds: FakeRefund[];
}

/** A connected Express account (decision 065); `payouts_enabled` once its onboarding is done. */
export interface FakeAccount {
  id: string;
  object: 'account';
  type: 'express';
  country: string;
  email: string | null;
  payouts_enabled: boolean;
  capabilities: { transfers: 'inactive' | 'active' };
  metadata: Record<string, string>;
}

export interface FakeTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  reversed: boolean;
  currency: 'mxn';
  destination: string;
  metadata: Record<string, string>;
}

/** Parses Stripe's form encoding (`a[b][0][c]=v`) into nested objects and arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const slot = node as Record<string, unknown>;
      if (last) {
        slot[part] = value;
        return;
      }
      if (slot[part] === undefined) slot[part] = /^\d+$/.test(parts[i + 1]!) ? [] : {};
      node = slot[part] as Record<string, unknown>;
    });
  }
  return root;
}

const MIN_S = 30 * 60;
const MAX_S = 24 * 60 * 60;

export async function startFakeStripe({
  secretKey,
  now = () => new Date(),
}: {
  secretKey: string;
  /** The clock expires_at is checked against: the app's injectable clock in tests. */
  now?: () => Date;
}) {
  const requests: FakeStripeRequest[] = [];
  const rejections: string[] = [];
  const sessions = new Map<string, FakeSession>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const refunds: FakeRefund[] = [];
  const accounts = new Map<string, FakeAccount>();
  const transfers: FakeTransfer[] = [];
  // Stripe replays the first answer to a key (saved as it was then), for the same endpoint and
  // parameters only.
  const byIdempotencyKey = new Map<string, { path: string; params: string; body: string; status: number }>();
  /** The next requests' failures: an outage keeps nothing; `kept` is a 500 Stripe keeps as the key's answer. */
  let failures: ('outage' | 'kept')[] = [];

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  }

  function refuse(
    res: ServerResponse,
    message: string,
    type = 'invalid_request_error',
    extra: { code?: string; param?: string } = {},
  ) {
    rejections.push(message);
    send(res, 400, { error: { type, ...extra, message } });
  }

  function notFound(res: ServerResponse, message: string, param?: string) {
    send(res, 404, {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        ...(param ? { param } : {}),
        message,
      },
    });
  }

  /** True when the request was answered here: no key, a key reused wrongly, or a replay. */
  function idempotent(path: string, params: Record<string, unknown>, res: ServerResponse, key?: string) {
    if (!key) {
      refuse(res, 'An Idempotency-Key header is required.');
      return true;
    }
    const seen = byIdempotencyKey.get(key);
    if (!seen) return false;
    if (seen.path !== path || seen.params !== JSON.stringify(params))
      refuse(
        res,
        'Keys for idempotent requests can only be used with the same parameters.',
        'idempotency_error',
      );
    else {
      res.writeHead(seen.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
      res.end(seen.body);
    }
    return true;
  }

  function remember(key: string, path: string, params: Record<string, unknown>, body: unknown, status = 200) {
    byIdempotencyKey.set(key, { path, params: JSON.stringify(params), body: JSON.stringify(body), status });
  }

  // Connect (decision 065): an Express account in Mexico that may receive transfers.
  function createAccount(params: Record<string, unknown>, res: ServerResponse, key: string | undefined) {
    if (idempotent('/v1/accounts', params, res, key)) return;
    if (params.type !== 'express') return refuse(res, `type must be express, got ${String(params.type)}`);
    if (params.country !== 'MX') return refuse(res, `country must be MX, got ${String(params.country)}`);
    const capabilities = params.capabilities as { transfers?: { requested?: string } } | undefined;
    if (capabilities?.transfers?.requested !== 'true')
      return refuse(res, 'the transfers capability is required');
    const metadata = (params.metadata ?? {}) as Record<string, string>;
    if (!metadata.vendor_profile_id) return refuse(res, 'metadata.vendor_profile_id is required');
    const created: FakeAccount = {
      id: `acct_${randomBytes(8).toString('hex')}`,
      object: 'account',
      type: 'express',
      country: 'MX',
      email: typeof params.email === 'string' ? params.email : null,
      payouts_enabled: false,
      capabilities: { transfers: 'inactive' },
      metadata,
    };
    accounts.set(created.id, created);
    remember(key!, '/v1/accounts', params, created);
    send(res, 200, created);
  }

  function createAccountLink(params: Record<string, unknown>, res: ServerResponse) {
    const account = accounts.get(String(params.account ?? ''));
    if (!account) return refuse(res, `No such account: '${String(params.account)}'`);
    if (params.type !== 'account_onboarding') return refuse(res, 'type must be account_onboarding');
    for (const name of ['refresh_url', 'return_url'])
      if (!/^https?:\/\//.test(String(params[name] ?? ''))) return refuse(res, `${name} must be a URL`);
    send(res, 200, {
      object: 'account_link',
      url: `https://connect.stripe.test/setup/e/${account.id}/${randomBytes(6).toString('hex')}`,
      created: Math.floor(now().getTime() / 1000),
      expires_at: Math.floor(now().getTime() / 1000) + 300,
    });
  }

  function createTransfer(params: Record<string, unknown>, res: ServerResponse, key: string | undefined) {
    if (idempotent('/v1/transfers', params, res, key)) return;
    if (params.currency !== 'mxn') return refuse(res, `currency must be mxn, got ${String(params.currency)}`);
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount <= 0) return refuse(res, `bad amount ${String(params.amount)}`);
    const account = accounts.get(String(params.destination ?? ''));
    if (!account) return refuse(res, `No such destination: '${String(params.destination)}'`);
    if (account.capabilities.transfers !== 'active')
      return refuse(res, 'Your destination account needs to have the transfers capability enabled.');
    const metadata = (params.metadata ?? {}) as Record<string, string>;
    if (!metadata.payout_id) return refuse(res, 'metadata.payout_id is required');
    const transfer: FakeTransfer = {
      id: `tr_${randomBytes(8).toString('hex')}`,
      object: 'transfer',
      amount,
      amount_reversed: 0,
      reversed: false,
      currency: 'mxn',
      destination: account.id,
      metadata,
    };
    transfers.push(transfer);
    remember(key!, '/v1/transfers', params, transfer);
    send(res, 200, transfer);
  }

  function createSession(params: Record<string, unknown>, res: ServerResponse, key: string | undefined) {
    if (idempotent('/v1/checkout/sessions', params, res, key)) return;
    const item = (params.line_items as Record<string, unknown>[] | undefined)?.[0] as
      | {
          quantity?: string;
          price_data?: { currency?: string; unit_amount?: string; product_data?: { name?: string } };
        }
      | undefined;
    if (params.mode !== 'payment') return refuse(res, 'mode must be payment');
    if (params.currency !== 'mxn') return refuse(res, `currency must be mxn, got ${String(params.currency)}`);
    if (item?.price_data?.currency !== 'mxn') return refuse(res, 'line item currency must be mxn');
    const amount = Number(item.price_data.unit_amount);
    if (!Number.isInteger(amount) || amount <= 0)
      return refuse(res, `bad unit_amount ${item.price_data.unit_amount}`);
    if (item.quantity !== '1') return refuse(res, 'quantity must be 1');
    if (!item.price_data.product_data?.name) return refuse(res, 'a product name is required');
    const expiresAt = Number(params.expires_at);
    const nowS = Math.floor(now().getTime() / 1000);
    if (!Number.isInteger(expiresAt) || expiresAt < nowS + MIN_S || expiresAt > nowS + MAX_S)
      return refuse(
        res,
        `expires_at ${params.expires_at} is not within [now + 30 min, now + 24 h] of ${nowS}`,
      );
    const successUrl = String(params.success_url ?? '');
    if (!successUrl.includes('{CHECKOUT_SESSION_ID}'))
      return refuse(res, 'success_url must carry {CHECKOUT_SESSION_ID}');
    const id = `cs_test_${randomBytes(12).toString('hex')}`;
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      url: `https://checkout.stripe.test/c/pay/${id}`,
      currency: 'mxn',
      amount_total: amount,
      expires_at: expiresAt,
      client_reference_id: (params.client_reference_id as string | undefined) ?? null,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      success_url: successUrl,
      cancel_url: String(params.cancel_url ?? ''),
      payment_method_types: (params.allowed_payment_method_types as string[] | undefined) ?? [],
      payment_intent: null,
    };
    sessions.set(id, session);
    remember(key!, '/v1/checkout/sessions', params, session);
    send(res, 200, session);
  }

  function createRefund(params: Record<string, unknown>, res: ServerResponse, key: string | undefined) {
    if (idempotent('/v1/refunds', params, res, key)) return;
    const intent = paymentIntents.get(String(params.payment_intent ?? ''));
    if (!intent?.paid)
      return refuse(
        res,
        `No such payment_intent: '${String(params.payment_intent)}'`,
        'invalid_request_error',
        { code: 'resource_missing', param: 'payment_intent' },
      );
    const left = intent.amount - intent.amount_refunded;
    if (left === 0)
      return refuse(
        res,
        `Charge for PaymentIntent ${intent.id} has already been refunded.`,
        'invalid_request_error',
        { code: 'charge_already_refunded' },
      );
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > left)
      return refuse(
        res,
        `Refund amount (${String(params.amount)}) is not within 1 and the ${left} left on ${intent.id}.`,
        'invalid_request_error',
        { param: 'amount' },
      );
    const refund: FakeRefund = {
      id: `re_test_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount,
      currency: 'mxn',
      payment_intent: intent.id,
      reason: (params.reason as string | undefined) ?? null,
      status: 'succeeded',
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      created: Math.floor(now().getTime() / 1000),
    };
    intent.amount_refunded += amount;
    intent.refunds.unshift(refund);
    refunds.push(refund);
    remember(key!, '/v1/refunds', params, refund);
    send(res, 200, refund);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    // A GET carries its parameters in the query string, a POST in its form body.
    const params = parseStripeForm(req.method === 'GET' ? url.search.slice(1) : body);
    requests.push({ method: req.method ?? '', path, idempotencyKey, params });

    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API key.' } });
    const failure = failures.shift();
    if (failure) {
      const error = { error: { type: 'api_error', message: 'Fake outage.' } };
      // Stripe keeps the 500 of a request that had started as its key's answer, for 24 h.
      if (
        failure === 'kept' &&
        idempotencyKey &&
        req.method === 'POST' &&
        !byIdempotencyKey.has(idempotencyKey)
      )
        remember(idempotencyKey, path, params, error, 500);
      // Stripe-Should-Retry: false, so the SDK gives up at once and the app's own retry is tested.
      return send(res, 500, error, { 'stripe-should-retry': 'false' });
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions')
      return createSession(params, res, idempotencyKey);
    if (req.method === 'POST' && path === '/v1/refunds') return createRefund(params, res, idempotencyKey);
    if (req.method === 'POST' && path === '/v1/accounts') return createAccount(params, res, idempotencyKey);
    if (req.method === 'POST' && path === '/v1/account_links') return createAccountLink(params, res);
    if (req.method === 'POST' && path === '/v1/transfers') return createTransfer(params, res, idempotencyKey);
    const transferPath = /^\/v1\/transfers\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && transferPath) {
      const found = transfers.find((t) => t.id === transferPath[1]);
      if (!found) return notFound(res, `No such transfer: '${transferPath[1]}'`, 'id');
      return send(res, 200, found);
    }
    const account = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && account) {
      const found = accounts.get(account[1]!);
      if (!found) return notFound(res, `No such account: '${account[1]}'`, 'account');
      return send(res, 200, found);
    }
    if (req.method === 'GET' && path === '/v1/refunds') {
      const intent = paymentIntents.get(String(params.payment_intent ?? ''));
      const limit = params.limit === undefined ? 10 : Number(params.limit);
      const data = params.payment_intent === undefined ? [...refunds].reverse() : (intent?.refunds ?? []);
      return send(res, 200, {
        object: 'list',
        url: '/v1/refunds',
        data: data.slice(0, limit),
        has_more: data.length > limit,
      });
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && retrieve) {
      const session = sessions.get(retrieve[1]!);
      if (!session) return notFound(res, `No such checkout.session: '${retrieve[1]}'`, 'session');
      return send(res, 200, session);
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (req.method === 'POST' && expire) {
      const session = sessions.get(expire[1]!);
      if (!session)
        return send(res, 404, { error: { type: 'invalid_request_error', message: 'No such session.' } });
      if (session.status !== 'open')
        return send(res, 400, {
          error: { type: 'invalid_request_error', message: `Session is ${session.status}, not open.` },
        });
      session.status = 'expired';
      return send(res, 200, session);
    }
    send(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL ${path}` } });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => send(res, 500, { error: { message: String(err) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    api: { host: '127.0.0.1', port, protocol: 'http' as const },
    requests,
    /** Requests refused for breaking a rule: a test asserts this stays empty. */
    rejections,
    sessions,
    paymentIntents,
    /** Every refund made, oldest first. */
    refunds,
    /** Connected accounts, and every transfer made to them (decision 065). */
    accounts,
    transfers,
    /** A transfer taken back (in part), as from the dashboard: returns it as Stripe would. */
    reverseTransfer(transferId: string, amount: number) {
      const transfer = transfers.find((t) => t.id === transferId);
      if (!transfer) throw new Error(`no transfer ${transferId}`);
      transfer.amount_reversed = Math.min(transfer.amount, transfer.amount_reversed + amount);
      transfer.reversed = transfer.amount_reversed === transfer.amount;
      return { ...transfer };
    },
    /** The vendor finished Stripe's onboarding: the account takes transfers and payouts. */
    completeOnboarding(accountId: string) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`no account ${accountId}`);
      account.payouts_enabled = true;
      account.capabilities.transfers = 'active';
      return account;
    },
    /**
     * The next n requests fail with a 500: a Stripe outage, or (`kept`) a failure inside Stripe that
     * it keeps as the idempotency key's answer and replays to every retry with that key for 24 h.
     */
    failNext(n = 1, how: 'outage' | 'kept' = 'outage') {
      failures = Array.from({ length: n }, () => how);
    },
    /**
     * Stripe marks a session paid (or not, for an OXXO voucher) before sending its event; its
     * PaymentIntent, made at completion, is paid with it (an OXXO one later, by completing again).
     */
    complete(id: string, paymentStatus: 'paid' | 'unpaid' = 'paid') {
      const session = sessions.get(id);
      if (!session) throw new Error(`fake Stripe: no session ${id}`);
      session.status = 'complete';
      session.payment_status = paymentStatus;
      session.payment_intent ??= `pi_test_${randomBytes(12).toString('hex')}`;
      const intent = paymentIntents.get(session.payment_intent) ?? {
        id: session.payment_intent,
        amount: session.amount_total,
        paid: false,
        amount_refunded: 0,
        refunds: [],
      };
      intent.paid = paymentStatus === 'paid';
      paymentIntents.set(intent.id, intent);
      return session;
    },
    /** The card network returns a refund (Stripe then sends refund.failed): the money is back on the balance. */
    failRefund(id: string, reason = 'expired_or_canceled_card') {
      const refund = refunds.find((r) => r.id === id);
      if (!refund) throw new Error(`fake Stripe: no refund ${id}`);
      if (refund.status === 'failed') return refund;
      const intent = paymentIntents.get(refund.payment_intent);
      if (intent) intent.amount_refunded -= refund.amount;
      Object.assign(refund, { status: 'failed', failure_reason: reason });
      return refund;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

const signer = new Stripe('sk_test_signer_only');

/**
 * A webhook as Stripe sends it: the event JSON and its Stripe-Signature header, made by the SDK's
 * own generateTestHeaderString. `timestamp` in seconds (default: now).
 */
export function signedStripeEvent({
  type,
  object,
  secret,
  id = `evt_${randomBytes(12).toString('hex')}`,
  timestamp,
  created,
}: {
  type: string;
  object: Record<string, unknown>;
  secret: string;
  id?: string;
  /** When it is signed (the Stripe-Signature header's `t`): each delivery of an event anew. */
  timestamp?: number;
  /** When Stripe made the event (a retry days later keeps it); the signing time when unset. */
  created?: number;
}) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: created ?? timestamp ?? Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
  return { id, payload, header };
}
