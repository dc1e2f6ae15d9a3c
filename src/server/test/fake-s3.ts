import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for an S3-compatible service, speaking the protocol the AWS SDK v3 speaks with a
// path-style endpoint: PUT, GET and DELETE of one object in one bucket. It checks what the SDK sends
// as S3 would: a SigV4 Authorization header made with the configured key (the signature recomputed),
// the payload's hash, the bucket's name; anything else is refused with S3's XML error.

export interface S3Request {
  method: string;
  key: string;
  authorization: string | undefined;
  contentType: string | undefined;
  size: number;
}

export interface FakeS3 {
  /** e.g. http://127.0.0.1:40123 — pass as S3_ENDPOINT, with S3_FORCE_PATH_STYLE=on. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** The requests that passed the checks, in order. */
  requests: S3Request[];
  /** Those refused (signature, bucket, method), with S3's error code. */
  refused: { method: string; path: string; code: string }[];
  objects: Map<string, { bytes: Buffer; contentType: string; etag: string }>;
  /** The env the app's config reads for this fake. */
  env: Record<string, string>;
  close(): Promise<void>;
}

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

export async function startFakeS3({
  bucket = 'barrio-test',
  accessKeyId = 'AKIAFAKES3TEST',
  secretAccessKey = 'fake-s3-secret-key-for-tests-only',
  region = 'us-east-1',
}: {
  bucket?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  region?: string;
} = {}): Promise<FakeS3> {
  const requests: S3Request[] = [];
  const refused: FakeS3['refused'] = [];
  const objects: FakeS3['objects'] = new Map();

  /** S3's error answer; a missing key is an answer, not a refusal of the request. */
  const fail = (req: IncomingMessage, res: ServerResponse, status: number, code: string) => {
    if (code !== 'NoSuchKey') refused.push({ method: req.method ?? '', path: req.url ?? '', code });
    res.writeHead(status, { 'Content-Type': 'application/xml' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
    );
  };

  /** The SigV4 check S3 makes: the same canonical request signed with the same key gives the same signature. */
  const signatureError = (req: IncomingMessage, body: Buffer): string | undefined => {
    const authorization = req.headers.authorization ?? '';
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    if (!match) return 'AccessDenied';
    const [, keyId, day, signedRegion, signedHeaders, signature] = match as unknown as string[];
    if (keyId !== accessKeyId) return 'InvalidAccessKeyId';
    if (signedRegion !== region) return 'AuthorizationHeaderMalformed';
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (!amzDate.startsWith(day!)) return 'AccessDenied';
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body))
      return 'XAmzContentSHA256Mismatch';
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = [...url.searchParams]
      .map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)])
      .sort(([a], [b]) => (a! < b! ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const names = signedHeaders!.split(';');
    const headers = names.map(
      (name) =>
        `${name}:${String(req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    );
    const canonical = [req.method, url.pathname, query, headers.join(''), signedHeaders, payloadHash].join(
      '\n',
    );
    const scope = `${day}/${region}/s3/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
    const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day!), region), 's3'), 'aws4_request');
    return hmac(key, toSign).toString('hex') === signature ? undefined : 'SignatureDoesNotMatch';
  };

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const prefix = `/${bucket}/`;
    if (!path.startsWith(prefix)) return fail(req, res, 404, 'NoSuchBucket');
    const error = signatureError(req, body);
    if (error) return fail(req, res, 403, error);
    const key = decodeURIComponent(path.slice(prefix.length));
    const contentType = req.headers['content-type'];
    requests.push({
      method: req.method ?? '',
      key,
      authorization: req.headers.authorization,
      contentType,
      size: body.length,
    });
    switch (req.method) {
      case 'PUT': {
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        objects.set(key, { bytes: body, contentType: contentType ?? 'binary/octet-stream', etag });
        res.writeHead(200, { ETag: etag });
        return res.end();
      }
      case 'GET': {
        const object = objects.get(key);
        if (!object) return fail(req, res, 404, 'NoSuchKey');
        res.writeHead(200, {
          'Content-Type': object.contentType,
          'Content-Length': object.bytes.length,
          ETag: object.etag,
        });
        return res.end(object.bytes);
      }
      case 'DELETE':
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      default:
        return fail(req, res, 405, 'MethodNotAllowed');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    region,
    requests,
    refused,
    objects,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'on',
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
