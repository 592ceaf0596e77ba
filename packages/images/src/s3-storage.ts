import { createHash, createHmac } from 'node:crypto';
import { IMAGE_KEY_PATTERN, type ImageStorage, keyFromUrl, urlFormatFor } from './storage';

export interface S3Options {
  /** e.g. https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000 (path-style addressing is used). */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where the objects are read publicly (a CDN or the bucket's URL); keys are appended. */
  publicBaseUrl: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const encodeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export interface SignV4Input {
  method: string;
  host: string;
  /** Already URI-encoded. */
  path: string;
  /** Headers to sign besides host and x-amz-date (lowercase names). */
  headers: Record<string, string>;
  payloadHash: string;
  date: Date;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * AWS Signature Version 4 for S3 (no query string): the headers to send, x-amz-date and authorization
 * included. Checked against AWS's published example in s3-storage.test.ts.
 */
export function signV4(input: SignV4Input): Record<string, string> {
  const amzDate = input.date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = { ...input.headers, host: input.host, 'x-amz-date': amzDate };
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const canonical = [
    input.method,
    input.path,
    '',
    ...names.map((name) => `${name}:${headers[name]!.trim()}`),
    '',
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  const { host: _host, ...sent } = headers;
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

/**
 * An S3-compatible adapter (AWS S3, MinIO, R2, ...) with AWS Signature V4 over fetch: no SDK, so no extra
 * dependency. Objects are written with immutable caching headers (keys are content-hashed).
 */
export class S3Storage implements ImageStorage {
  readonly kind = 's3';
  readonly urlFormat: string;
  private readonly base: string;
  constructor(
    private readonly options: S3Options,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.base = options.publicBaseUrl.replace(/\/$/, '');
    this.urlFormat = urlFormatFor(this.base);
  }

  /** A signed request (exported for tests). */
  async send(
    method: 'PUT' | 'DELETE' | 'GET',
    key: string,
    body?: Buffer,
    headers: Record<string, string> = {},
  ) {
    if (!IMAGE_KEY_PATTERN.test(key)) throw new Error(`Invalid image key ${key}`);
    const { endpoint, region, bucket, accessKeyId, secretAccessKey } = this.options;
    const url = new URL(
      `${endpoint.replace(/\/$/, '')}/${encodeSegment(bucket)}/${key.split('/').map(encodeSegment).join('/')}`,
    );
    const payloadHash = sha256(body ?? '');
    const signed = signV4({
      method,
      host: url.host,
      path: url.pathname,
      headers: { 'x-amz-content-sha256': payloadHash },
      payloadHash,
      date: new Date(),
      region,
      accessKeyId,
      secretAccessKey,
    });
    const response = await this.fetchImpl(url, {
      method,
      headers: { ...headers, ...signed },
      ...(body ? { body: new Uint8Array(body) } : {}),
    });
    return response;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const response = await this.send('PUT', key, data, {
      'content-type': contentType,
      'cache-control': 'public, max-age=31536000, immutable',
    });
    if (!response.ok) throw new Error(`S3 PUT ${key} failed: ${response.status} ${await response.text()}`);
  }

  async delete(key: string): Promise<void> {
    const response = await this.send('DELETE', key);
    if (!response.ok && response.status !== 404)
      throw new Error(`S3 DELETE ${key} failed: ${response.status} ${await response.text()}`);
  }

  urlOf(key: string): string {
    return `${this.base}/${key}`;
  }

  keyOf(url: string): string | null {
    return keyFromUrl(this.base, url);
  }
}
