import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
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

const encodeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * An S3-compatible adapter (AWS S3, MinIO, R2, ...): path-style requests signed with AWS Signature V4 by
 * aws4fetch (a small, maintained signer over fetch; the AWS SDK would add megabytes for three calls).
 * Objects are written with immutable caching headers (keys are content-hashed).
 */
export class S3Storage implements ImageStorage {
  readonly kind = 's3';
  readonly urlFormat: string;
  private readonly base: string;
  private readonly client: AwsClient;
  constructor(
    private readonly options: S3Options,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.base = options.publicBaseUrl.replace(/\/$/, '');
    this.urlFormat = urlFormatFor(this.base);
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      service: 's3',
      region: options.region,
      // Retries are the caller's decision (an upload answers the user); aws4fetch retries 5xx by default.
      retries: 0,
    });
  }

  /** The signed request for an object (exported for tests). */
  async sign(
    method: 'PUT' | 'DELETE' | 'GET',
    key: string,
    body?: Buffer,
    headers: Record<string, string> = {},
    datetime?: string,
  ): Promise<Request> {
    if (!IMAGE_KEY_PATTERN.test(key)) throw new Error(`Invalid image key ${key}`);
    const { endpoint, bucket } = this.options;
    const url = `${endpoint.replace(/\/$/, '')}/${encodeSegment(bucket)}/${key.split('/').map(encodeSegment).join('/')}`;
    // The payload is signed (aws4fetch would send UNSIGNED-PAYLOAD for S3): a body altered in transit fails.
    const payloadHash = createHash('sha256')
      .update(body ?? '')
      .digest('hex');
    return this.client.sign(url, {
      method,
      headers: { ...headers, 'x-amz-content-sha256': payloadHash },
      ...(body ? { body: new Uint8Array(body) } : {}),
      // allHeaders: content-type and cache-control are signed too, so they cannot be changed in transit.
      aws: { allHeaders: true, ...(datetime ? { datetime } : {}) },
    });
  }

  async send(
    method: 'PUT' | 'DELETE' | 'GET',
    key: string,
    body?: Buffer,
    headers: Record<string, string> = {},
  ) {
    return this.fetchImpl(await this.sign(method, key, body, headers));
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
