import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { AppEnv } from '../app-env.ts';
import type { Database } from '../db/client.ts';
import { services, vendorProfiles } from '../db/schema/vendors.ts';
import { DEMO_PASSWORD, demoAccounts } from '../db/seed/demo-people.ts';
import { seedDemoData } from '../db/seed/seed.ts';
import { fixedClock } from '../lib/clock.ts';
import { type ApiRoute, type ApiRouteInputs, apiRouteInputs, apiRoutes } from '../test/api-routes.ts';
import { changedTables, fingerprintTables, type TableFingerprints } from '../test/db-fingerprint.ts';
import { createHttpClient } from '../test/http-client.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestDatabase, testEngine } from '../test/test-db.ts';
import { APP_URL, NOW } from '../test/test-week.ts';

// ARCHITECTURE §10: bad input anywhere gets a clear 4xx, never a 500, and changes nothing.
// Every /api route of the app (its own route list, so a new route is fuzzed the day it exists)
// gets malformed path parameters, queries, bodies and headers from fast-check, once signed out and
// once as the person it admits (the vendor on /api/vendor/*, else the admin) with our Origin — so
// that the input reaches the validation behind the guards.
// Each answer must be below 500 and show no internals; a refused request or a read must leave
// every table as it was.
// Besides, every query and path parameter of every route (known from the schemas its
// validators read, so a new route is covered the day it exists) gets malformed values one field at
// a time, as each of the four roles: a malformed value is a 4xx, and a 400 names the field.

// The app and the demo data run at the test week's NOW, so that no answer depends on today's date.

/** Deterministic by default; FUZZ_SEED=<n> explores another corner. A failure prints the seed and the request. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const RUNS_PER_ROUTE = 20;

/**
 * better-auth's endpoints are one wildcard route of ours; these are fuzzed signed out only (as
 * someone signed in, sign-out and update-user would legitimately end or change the session under test).
 */
const betterAuthRoutes: ApiRoute[] = [
  { method: 'POST', path: '/api/auth/sign-in/email' },
  { method: 'POST', path: '/api/auth/sign-up/email' },
  { method: 'POST', path: '/api/auth/sign-in/magic-link' },
  { method: 'POST', path: '/api/auth/sign-in/social' },
  { method: 'GET', path: '/api/auth/magic-link/verify' },
  { method: 'POST', path: '/api/auth/magic-link/verify' },
  { method: 'GET', path: '/api/auth/get-session' },
];

/** What must never reach a client: stack frames, source paths, SQL and its errors, error class names. */
const leakPatterns = [
  /\n\s+at [^\n]+:\d+/,
  /\bat (async )?[\w$.<>]+ \(/,
  /\.(ts|js|mjs):\d+/,
  /node_modules/,
  /\bselect\s[^"]{0,200}\bfrom\s+"?\w/i,
  /\binsert into\b/i,
  /\bdelete from\b/i,
  /Failed query/i, // drizzle's wrapper around a driver error
  /syntax error/i,
  /invalid (input syntax|byte sequence)/i,
  /\bcolumn "/i,
  /relation "/i,
  /\bviolates\b/i,
  /duplicate key/i,
  /\b(TypeError|ReferenceError|RangeError|SyntaxError|ZodError|DrizzleQueryError|DatabaseError|AggregateError)\b/,
];

/** Field names our schemas read, so that wrong values reach each field's own check. */
const fields = (
  'vendorId serviceId startTime customerName customerEmail customerPhone notes token action ' +
  'contacts name phones emails business_name business_email business_phone service_category ' +
  'service_areas price_cents duration_minutes description is_active availability buffer_minutes ' +
  'lead_time_minutes advance_booking_days display_name phone email password ' +
  'preferred_categories notify_push notify_email vendor_profile_id start_tz end_tz ' +
  'recurrence_rule appointmentId test text timezone application_status pricing_type bio ' +
  'callbackURL provider isVendor reason __proto__ constructor'
).split(' ');
const queryKeys = (
  'category q offset limit serviceId from to token vendor_profile_id hub.mode hub.verify_token ' +
  'hub.challenge session_id callbackURL status refund'
).split(' ');

const nastyStrings = fc.constantFrom(
  "' OR '1'='1",
  '1; drop table "user"; --',
  "'); select pg_sleep(1); --",
  '\u0000',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '9'.repeat(40),
  '\uD800',
  '😀🇲🇽',
  'Ñandú Árbol',
  '{{7*7}}',
  '$' + '{jndi:ldap://x}', // a log-injection probe, kept out of a template's reach
  '2026-02-30T25:61:00Z',
  '00000000-0000-0000-0000-000000000000',
);
const strings = fc.oneof(
  nastyStrings,
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.uuid(),
  fc.constant('x'.repeat(20_000)),
);
const values: fc.Arbitrary<unknown> = fc.oneof(
  strings,
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, true, false, 0, -1, Number.MAX_SAFE_INTEGER + 2, [], {}),
  fc.array(strings, { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** JSON text nested `depth` levels deep. */
const nested = (depth: number) => `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;

const bodies: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .dictionary(fc.constantFrom(...fields), values, { maxKeys: 6 })
      .map((o) => JSON.stringify(o)),
  },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{',
      '{"a":',
      'nul',
      '[1,]',
      "{'a':1}",
      '\u0000',
      '',
      '"',
      '{"__proto__":{"isAdmin":true}}',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 50 }) },
  { weight: 1, arbitrary: fc.constantFrom(nested(100), nested(5_000), `"${'x'.repeat(300_000)}"`) },
);
const contentTypes = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/vnd.api+json',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'garbage/;;;',
  undefined,
);

/** A path segment: encoded free text, raw escapes a client could send, or a well-formed id. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80'; // a lone surrogate: what its UTF-8 bytes would look like
  }
}
const segments = fc.oneof(
  strings.map(encode),
  fc.constantFrom('%00', '%ZZ', '%E0%A4%A', '%2e%2e%2f%2e%2e', '..', '%20', 'x'.repeat(5_000), '-', '0'),
  fc.uuid(),
);
/** Header values: any byte string a client may send (no CR, LF or NUL, which fetch refuses to send). */
const headerText = fc.string({ unit: 'binary-ascii', maxLength: 60 }).map((s) => s.replace(/[\r\n\0]/g, ''));
const cookies = fc.option(
  fc.oneof(
    fc.constantFrom(
      'barrio.session_token=garbage',
      `barrio.session_token=${'a'.repeat(5_000)}`,
      'barrio.session_token=%00%ff; barrio.session_token=second',
      '=;;;=',
      'barrio.session_token="unterminated',
      '__Secure-barrio.session_token=x.y',
    ),
    headerText,
  ),
  { freq: 3 },
);
const origins = fc.option(
  fc.oneof(
    fc.constantFrom('null', 'https://evil.example', `${APP_URL}.evil.example`, 'http://barrio.test:80'),
    headerText,
  ),
  { freq: 4 },
);

/** Signed out, or signed in as the person the route admits. */
type Person = 'anonymous' | 'admitted';

interface FuzzRequest {
  params: string[];
  query: [string, string][];
  body: string;
  contentType: string | undefined;
  cookie: string | null;
  origin: string | null;
  contentLength: string | null;
  extraHeader: [string, string] | null;
}

const requests: fc.Arbitrary<FuzzRequest> = fc.record({
  params: fc.array(segments, { minLength: 3, maxLength: 3 }),
  query: fc.array(fc.tuple(fc.constantFrom(...queryKeys, 'zz', ''), strings), { maxLength: 4 }),
  body: bodies,
  contentType: contentTypes,
  cookie: cookies,
  origin: origins,
  // A Content-Length that disagrees with the body, as a broken or hostile client sends it.
  contentLength: fc.option(fc.constantFrom('0', '1', '-1', '999999999', 'abc'), { freq: 5 }),
  extraHeader: fc.option(
    fc.tuple(
      fc.constantFrom(
        'x-request-id',
        'accept-encoding',
        'x-forwarded-for',
        'accept',
        'stripe-signature',
        'x-hub-signature-256',
      ),
      headerText,
    ),
    { freq: 3 },
  ),
});

/** Every role, from signed out to admin: a route's guard may answer before its validation or after it. */
const roles = ['anonymous', 'customer', 'vendor', 'admin'] as const;
type Role = (typeof roles)[number];

/** An id that names no row: a well-formed request with it reaches the service and touches nothing. */
const NOBODY = '00000000-0000-4000-8000-000000000000';

/**
 * Query parameters a route reads without validate('query', …), so that no schema names them. A
 * route whose handlers read the query or the path themselves must be listed here ('knows the query
 * and path parameters of every route' fails otherwise), with [] when it reads none.
 */
const rawQueryParams: Record<string, string[]> = {
  'GET /api/webhooks/whatsapp': ['hub.mode', 'hub.verify_token', 'hub.challenge'],
};
/** How a handler reads the query or the path without validate(). */
const readsRawInput = /\.req\.(query|queries|param)\(|\.req\.url\b|\bsearchParams\b/;

/**
 * A well-formed value of each parameter by name, set beside every fuzzed one so that a request is
 * wrong in that field alone and cross-field checks run (a 500 once needed a valid `from` with a
 * bad `to`). Ids name no row. Every parameter of every route must have one (checked below).
 */
function wellFormed(demoVendor: { slug: string; serviceId: string }): Record<string, string> {
  return {
    idOrSlug: demoVendor.slug,
    serviceId: demoVendor.serviceId,
    from: '2026-11-23T06:00:00Z',
    to: '2026-11-30T06:00:00Z',
    id: NOBODY,
    vendor_profile_id: NOBODY,
    action: 'confirm',
    sessionId: 'cs_test_nobody',
    token: 'a'.repeat(43),
    category: 'cleaning',
    q: 'limpieza',
    colonia: 'Roma Norte',
    min_price: '100',
    max_price: '900',
    verified: 'true',
    // The fuzzer's clock is NOW: a day within the booking range from it.
    available_on: '2026-11-24',
    sort: 'rating',
    offset: '0',
    limit: '10',
    'hub.mode': 'subscribe',
    'hub.verify_token': 'not-the-token',
    'hub.challenge': '1234',
    status: 'paid',
    refund: 'owed',
    // A photo variant's name: its bytes' SHA-256 in base64url and its format (a calendar feed
    // answers it 404, as any name that is no feed's).
    file: `${'a'.repeat(43)}.webp`,
  };
}

/** Malformed parameter values as a client writes them into the URL (already percent-encoded). */
const malformedValues: [label: string, raw: string][] = [
  ['empty', ''],
  ['blank', '%20%20'],
  ['not a uuid', 'not-a-uuid'],
  ['almost a uuid', '00000000-0000-4000-8000-00000000000g'],
  ['the nil uuid', '00000000-0000-0000-0000-000000000000'],
  ['huge', 'x'.repeat(10_000)],
  ['negative', '-1'],
  ['zero', '0'],
  ['a fraction', '1.5'],
  ['out of range', '1000001'],
  ['overflowing', '1e309'],
  ['forty digits', '9'.repeat(40)],
  ['NaN', 'NaN'],
  ['hexadecimal', '0x10'],
  ['an impossible date', '2026-02-30T25:61:00Z'],
  ['a date without time', '2026-11-23'],
  ['year 0', '0000-01-01T00:00:00Z'],
  ['year 9999', '9999-12-31T23:59:59Z'],
  ['a word', 'x'],
  ['unicode', encodeURIComponent('Ñandú 😀🇲🇽')],
  ['a lone surrogate', '%ED%A0%80'],
  ['NUL', '%00'],
  ['a lone %', '%'],
  ['a bad escape', '%ZZ'],
  ['a cut escape', '%E0%A4%A'],
  ['double encoding', '%2500'],
  ['pluses', '+%2B+'],
  ['SQL', encodeURIComponent("' OR '1'='1")],
  ['a traversal', '..%2F..%2Fetc%2Fpasswd'],
];
/** A few more values per field from fast-check, deterministic by FUZZ_SEED. */
const RANDOM_VALUES_PER_FIELD = 3;

/** A malformed value that a client sends where the route expects a value of one field. */
interface FieldProbe {
  part: 'query' | 'param';
  field: string;
  label: string;
  /** Its place among the field's values. */
  sample: number;
  /** Raw (percent-encoded) values of the path parameters and query pairs. */
  params: Record<string, string>;
  query: [string, string][];
}

/** Whether any text in the input holds U+0000, which validate() refuses before the schema reads it. */
function holdsNul(value: unknown): boolean {
  return JSON.stringify(value ?? null).includes('\\u0000');
}

/** Whether validate() refuses the input: its schema does, or it holds a NUL (lib/validate.ts). */
function refuses(schema: z.ZodType, input: unknown): boolean {
  try {
    return holdsNul(input) || !schema.safeParse(input).success;
  } catch {
    return true; // a schema that throws accepts nothing; the app's 500 for it is reported below
  }
}

/** The schema of one field of an object schema. */
function fieldSchemaOf(schema: z.ZodType | undefined, field: string): z.ZodType | undefined {
  return (schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape?.[field];
}

/** The field names of an object schema, or undefined when the schema is not one. */
function fieldsOf(schema: unknown): string[] | undefined {
  const shape = (schema as { shape?: unknown } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : undefined;
}

/** A path's parameter names, in order. */
const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] ?? '');

describe(`fuzzing every /api route (${testEngine})`, () => {
  let database: Database;
  let app: Hono<AppEnv>;
  /** Session cookies of the people the guarded routes admit. */
  let cookieOf: { admin: string; vendor: string; customer: string };
  let routes: ApiRoute[];
  /** The same routes with the schemas of their query and path parameters. */
  let routeInputs: ApiRouteInputs[];
  /** The demo vendor's slug and one of its services, so that a well-formed request reaches the service. */
  let demoVendor: { slug: string; serviceId: string };

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db, { vendors: 1, now: new Date(NOW) });
    // Rate limits off: a fuzzer is a flood from one address, and a 429 would hide the validation
    // behind it. The limits have their own tests (auth.test.ts, bookings).
    ({ app } = createTestApp(database, { clock: fixedClock(NOW), env: { APP_URL, RATE_LIMITS: 'off' } }));
    const sessionCookie = async (email: string) => {
      const client = createHttpClient(app, { origin: APP_URL });
      await client.signIn(email, DEMO_PASSWORD);
      return [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    };
    cookieOf = {
      admin: await sessionCookie(demoAccounts.admin.email),
      vendor: await sessionCookie(demoAccounts.vendor.email),
      customer: await sessionCookie(demoAccounts.customer.email),
    };
    routes = apiRoutes(app).filter(({ path }) => !path.startsWith('/api/auth/'));
    routeInputs = apiRouteInputs(app).filter(({ path }) => !path.startsWith('/api/auth/'));
    const [vendor] = await database.db
      .select({ slug: vendorProfiles.slug, serviceId: services.id })
      .from(vendorProfiles)
      .innerJoin(services, and(eq(services.vendorProfileId, vendorProfiles.id), eq(services.isActive, true)))
      .where(eq(vendorProfiles.businessName, demoAccounts.vendor.businessName))
      .limit(1);
    if (!vendor) throw new Error('the demo vendor has no active service');
    demoVendor = vendor;
  });
  afterAll(() => database.close());

  /** The request as Hono receives it from @hono/node-server. */
  function toRequest(route: ApiRoute, input: FuzzRequest, as: Person): Request {
    let i = 0;
    const path = route.path.replace(/:[A-Za-z]+/g, () => input.params[i++] ?? 'x');
    const query = input.query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
    const headers = new Headers();
    if (as === 'admitted') {
      const own = route.path.startsWith('/api/vendor/') ? cookieOf.vendor : cookieOf.admin;
      headers.set('cookie', input.cookie === null ? own : `${own}; ${input.cookie}`);
      headers.set('origin', input.origin ?? APP_URL);
    } else {
      if (input.cookie !== null) headers.set('cookie', input.cookie);
      if (input.origin !== null) headers.set('origin', input.origin);
    }
    const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
    if (hasBody && input.contentType) headers.set('content-type', input.contentType);
    if (hasBody && input.contentLength !== null) headers.set('content-length', input.contentLength);
    if (input.extraHeader) headers.set(...input.extraHeader);
    return new Request(`http://localhost${path}${query ? `?${query}` : ''}`, {
      method: route.method,
      headers,
      ...(hasBody ? { body: input.body } : {}),
    });
  }

  let sent = 0;
  let accepted = 0;
  let baseline: TableFingerprints;

  async function check(route: ApiRoute, input: FuzzRequest, as: Person) {
    const name = `${route.method} ${route.path}`;
    const response = await app.request(toRequest(route, input, as), undefined, {
      incoming: { socket: { remoteAddress: '10.9.9.9' } },
    });
    sent++;
    expect(response.status, `${name} as ${as}`).toBeLessThan(500);
    if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
      await response.body?.cancel(); // the live message stream never ends by itself
    } else {
      const text = await response.text();
      for (const pattern of leakPatterns)
        expect(text, `${name} as ${as} leaks ${pattern}: ${text.slice(0, 300)}`).not.toMatch(pattern);
      // ARCHITECTURE §6: our refusals come in the one error shape (better-auth's have their own).
      if (response.status >= 400 && !route.path.startsWith('/api/auth/'))
        expect(JSON.parse(text), `${name} as ${as}: ${text.slice(0, 300)}`).toEqual({
          error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
        });
    }
    const after = await fingerprintTables(database.db);
    const changed = changedTables(baseline, after);
    baseline = after;
    // A refused request and any read change nothing. A mutation the schema accepted may: free-text
    // fields take any text, so fast-check does write a valid profile name now and then.
    if (response.ok && route.method !== 'GET') accepted++;
    else expect(changed, `${name} as ${as} answered ${response.status} and changed`).toEqual([]);
  }

  it('would see a leak: the patterns match a real stack trace and real database errors', () => {
    const leaks = (text: string) => leakPatterns.some((pattern) => pattern.test(text));
    expect(leaks(new TypeError('boom').stack ?? '')).toBe(true);
    expect(leaks('Failed query: select "id" from "vendor_profiles" where "slug" = $1')).toBe(true);
    expect(leaks('invalid byte sequence for encoding "UTF8": 0x00')).toBe(true);
    expect(leaks('duplicate key value violates unique constraint "user_email_unique"')).toBe(true);
    expect(
      leaks('{"error":{"code":"validation_failed","message":"Invalid json (email): Invalid email"}}'),
    ).toBe(false);
  });

  it('answers malformed input on every route below 500, without internals, changing nothing', async () => {
    baseline = await fingerprintTables(database.db);
    const targets: [ApiRoute, Person][] = [
      ...routes.flatMap((route): [ApiRoute, Person][] => [
        [route, 'anonymous'],
        [route, 'admitted'],
      ]),
      ...betterAuthRoutes.map((route): [ApiRoute, Person] => [route, 'anonymous']),
    ];
    for (const [route, as] of targets) {
      await fc.assert(
        fc.asyncProperty(requests, (input) => check(route, input, as)),
        { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
      );
    }
    expect(sent).toBe(targets.length * RUNS_PER_ROUTE);
    console.info(
      `fuzzer: ${sent} requests to ${routes.length + betterAuthRoutes.length} routes (${targets.length} route × person pairs, seed ${SEED}, ${testEngine}); ${accepted} mutations accepted as valid, every other request changed nothing`,
    );
  }, 240_000);

  it('knows the query and path parameters of every route, and a well-formed value of each', () => {
    const samples = wellFormed(demoVendor);
    const problems: string[] = [];
    const names = new Set(routeInputs.map(({ method, path }) => `${method} ${path}`));
    for (const name of Object.keys(rawQueryParams))
      if (!names.has(name)) problems.push(`${name} is listed in rawQueryParams but is no route`);
    for (const route of routeInputs) {
      const name = `${route.method} ${route.path}`;
      const inPath = pathParams(route.path);
      const paramFields = route.validates.param ? fieldsOf(route.validates.param) : [];
      if (paramFields?.toSorted().join() !== inPath.toSorted().join())
        problems.push(
          `${name}: validate its path parameters (${inPath}) with validate('param', an object schema)`,
        );
      const queryFields = route.validates.query
        ? fieldsOf(route.validates.query)
        : (rawQueryParams[name] ?? []);
      if (queryFields === undefined) problems.push(`${name}: its query schema is not an object schema`);
      if (route.handlers.some((handler) => readsRawInput.test(String(handler))) && !(name in rawQueryParams))
        problems.push(
          `${name} reads its query or path itself: list the query parameters it reads in rawQueryParams`,
        );
      for (const field of [...inPath, ...(queryFields ?? [])])
        if (!(field in samples)) problems.push(`${name}: add a well-formed ${field} to wellFormed()`);
    }
    expect(problems).toEqual([]);
    // The check would see a route that reads its query itself: the WhatsApp handshake does.
    const handshake = routeInputs.find(
      ({ method, path }) => method === 'GET' && path === '/api/webhooks/whatsapp',
    );
    expect(handshake?.handlers.some((handler) => readsRawInput.test(String(handler)))).toBe(true);
    expect(handshake?.validates.query).toBeUndefined();
  });

  it('answers malformed query and path parameters of every route, as every role, with a 4xx naming the field', async () => {
    const samples = wellFormed(demoVendor);
    // What a route's validators are handed for a URL: the same routes in a bare Hono app, whose
    // validators only record the raw query and path parameters (decoded as the app decodes them).
    type Handed = { route: string; query: unknown; param: unknown };
    const echo = new Hono();
    let seen: Handed | undefined;
    for (const { method, path } of routeInputs) {
      let query: unknown;
      let param: unknown;
      echo.on(
        method,
        path,
        validator('query', (value) => {
          query = value;
          return value;
        }),
        validator('param', (value) => {
          param = value;
          return value;
        }),
        () => {
          seen = { route: `${method} ${path}`, query, param };
          return new Response(null, { status: 204 });
        },
      );
    }

    const queryFieldsOf = (route: ApiRouteInputs) =>
      (route.validates.query
        ? fieldsOf(route.validates.query)
        : rawQueryParams[`${route.method} ${route.path}`]) ?? [];
    let fieldIndex = 0;
    /** One probe per field and malformed value, the other fields well-formed. */
    function probesOf(route: ApiRouteInputs): { baseline: FieldProbe; probes: FieldProbe[] } {
      const params = Object.fromEntries(pathParams(route.path).map((p) => [p, encode(samples[p] ?? NOBODY)]));
      const query = queryFieldsOf(route).map((f): [string, string] => [f, encode(samples[f] ?? '')]);
      const baseline: FieldProbe = {
        part: 'query',
        field: '',
        label: 'well-formed',
        sample: 0,
        params,
        query,
      };
      const probes: FieldProbe[] = [];
      const fields = [
        ...Object.keys(params).map((field) => ({ part: 'param' as const, field })),
        ...query.map(([field]) => ({ part: 'query' as const, field })),
      ];
      for (const { part, field } of fields) {
        const random = fc
          .sample(strings.map(encode), { numRuns: RANDOM_VALUES_PER_FIELD, seed: SEED + fieldIndex++ })
          .map((raw, i): [string, string] => [`random value ${i + 1}`, raw]);
        for (const [sample, [label, raw]] of [...malformedValues, ...random].entries())
          probes.push(
            part === 'param'
              ? { part, field, label, sample, params: { ...params, [field]: raw }, query }
              : {
                  part,
                  field,
                  label,
                  sample,
                  params,
                  query: query.map(([k, v]) => [k, k === field ? raw : v]),
                },
          );
        if (part === 'query') {
          const value = query.find(([k]) => k === field)?.[1] ?? '';
          probes.push({
            part,
            field,
            label: 'given twice',
            sample: 0,
            params,
            query: [...query, [field, value]],
          });
        }
      }
      return { baseline, probes };
    }

    const urlOf = (route: ApiRouteInputs, probe: FieldProbe) => {
      const path = route.path.replace(/:([A-Za-z_]+)/g, (_, p: string) => probe.params[p] ?? '');
      const query = probe.query.map(([k, v]) => `${encode(k)}=${v}`).join('&');
      return `http://localhost${path}${query ? `?${query}` : ''}`;
    };
    /** As a browser of the role would send it: its cookie, our Origin, and `{}` as a mutation's body. */
    const send = (route: ApiRouteInputs, url: string, as: Role) => {
      const headers = new Headers({ origin: APP_URL });
      if (as !== 'anonymous') headers.set('cookie', cookieOf[as]);
      const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
      if (hasBody) headers.set('content-type', 'application/json');
      return app.request(
        new Request(url, { method: route.method, headers, ...(hasBody ? { body: '{}' } : {}) }),
        undefined,
        { incoming: { socket: { remoteAddress: '10.9.9.10' } } },
      );
    };

    const failures: string[] = [];
    const fail = (text: string) => failures.length < 50 && failures.push(text);
    const probed = new Set<string>();
    let requestsSent = 0;
    for (const route of routeInputs) {
      const name = `${route.method} ${route.path}`;
      const { baseline, probes } = probesOf(route);
      if (probes.length === 0) continue;
      probed.add(name);
      // The probes send `{}` as a mutation's body: a route whose body needs a field may name it.
      const bodyFields =
        route.validates.json && refuses(route.validates.json, {})
          ? (fieldsOf(route.validates.json) ?? [])
          : [];
      const fieldsOfRoute = [
        ...Object.keys(baseline.params),
        ...baseline.query.map(([k]) => k),
        ...bodyFields,
      ];
      const before = await fingerprintTables(database.db);
      // Whom the route lets through to its validation: a guard's 401 or 403 comes first.
      const admitted = {} as Record<Role, boolean>;
      for (const as of roles) {
        const response = await send(route, urlOf(route, baseline), as);
        await response.body?.cancel();
        if (response.status >= 500) fail(`${name} well-formed as ${as}: ${response.status}`);
        admitted[as] = response.status !== 401 && response.status !== 403;
      }
      for (const probe of probes) {
        const url = urlOf(route, probe);
        seen = undefined;
        await echo.request(url, { method: route.method });
        const handed = seen as Handed | undefined;
        const schema = route.validates[probe.part];
        // undefined: no schema reads it, or the URL no longer reaches this route (an empty segment).
        const input = handed?.route === name ? handed[probe.part] : undefined;
        const refused = schema && handed?.route === name ? refuses(schema, input) : undefined;
        // Wrong in itself, not only beside the other fields (`from` after `to`): the 400 names it.
        const fieldSchema = fieldSchemaOf(schema, probe.field);
        const fieldRefused =
          refused && fieldSchema
            ? refuses(fieldSchema, (input as Record<string, unknown>)[probe.field])
            : false;
        for (const as of roles) {
          // A guard answers before anything reads the parameters: a sample of the values shows it.
          if (!admitted[as] && probe.sample % 4 !== 0) continue;
          const response = await send(route, url, as);
          requestsSent++;
          const where = `${name}: ${probe.part} ${probe.field} ${probe.label} as ${as}`;
          const text = await response.text();
          if (response.status >= 500) {
            fail(`${where} answered ${response.status}: ${text.slice(0, 200)}`);
            continue;
          }
          for (const pattern of leakPatterns) if (pattern.test(text)) fail(`${where} leaks ${pattern}`);
          if (response.status < 400) {
            if (refused) fail(`${where} answered ${response.status} to what the schema refuses`);
            continue;
          }
          let error: { code?: unknown; message?: unknown; details?: unknown } | undefined;
          try {
            error = (JSON.parse(text) as { error?: typeof error }).error;
          } catch {}
          if (typeof error?.code !== 'string' || typeof error.message !== 'string') {
            fail(`${where}: ${response.status} not in the error shape: ${text.slice(0, 200)}`);
            continue;
          }
          if (refused && admitted[as] && error.code !== 'validation_failed')
            fail(`${where} answered ${response.status} ${error.code}, not 400 validation_failed`);
          if (error.code === 'validation_failed') {
            // The field a 400 names: the malformed one, or for a check across fields, one of the request.
            const named = (Array.isArray(error.details) ? (error.details as { path?: unknown }[]) : []).map(
              (issue) => String(issue.path ?? '').split('.')[0],
            );
            const expected = fieldRefused ? [probe.field] : fieldsOfRoute;
            if (!named.some((field) => expected.includes(field ?? '')))
              fail(
                `${where}: a 400 that names ${named.join(', ') || 'no field'}, not ${expected.join(' or ')}`,
              );
          }
        }
      }
      const changed = changedTables(before, await fingerprintTables(database.db));
      if (changed.length > 0) fail(`${name}: malformed parameters changed ${changed.join(', ')}`);
    }
    expect(failures).toEqual([]);
    // The routes come from the app itself: every new one among them, and the id routes of each area.
    expect(probed).toContain('GET /api/vendors/:idOrSlug/availability');
    expect(probed.size).toBeGreaterThan(20);
    console.info(
      `fuzzer, parameters: ${requestsSent} requests to ${probed.size} routes with query or path parameters, as ${roles.length} roles (seed ${SEED}, ${testEngine})`,
    );
  }, 120_000);
});
