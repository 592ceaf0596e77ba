import { AwsV4Signer } from 'aws4fetch';
import { describe, expect, it } from 'vitest';
import { S3Storage } from './s3-storage';

const example = new S3Storage({
  endpoint: 'https://s3.amazonaws.com',
  region: 'us-east-1',
  bucket: 'examplebucket',
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  publicBaseUrl: 'https://cdn.example.com',
});

describe('S3 request signing', () => {
  it("signs as AWS's published S3 example does (GET Object with a Range header)", async () => {
    const emptyHash = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    const signer = new AwsV4Signer({
      method: 'GET',
      url: 'https://examplebucket.s3.amazonaws.com/test.txt',
      headers: { range: 'bytes=0-9', 'x-amz-content-sha256': emptyHash },
      service: 's3',
      region: 'us-east-1',
      datetime: '20130524T000000Z',
      allHeaders: true,
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    });
    const { headers } = await signer.sign();
    expect(headers.get('authorization')).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('signs path-style object requests with Signature V4 (scope, signed headers, payload hash)', async () => {
    const key = 'tenants/7/restaurants/9/items/abc123-original.jpg';
    const body = Buffer.from('hello');
    const request = await example.sign(
      'PUT',
      key,
      body,
      { 'content-type': 'image/jpeg' },
      '20130524T000000Z',
    );
    expect(request.url).toBe(`https://s3.amazonaws.com/examplebucket/${key}`);
    expect(request.headers.get('x-amz-date')).toBe('20130524T000000Z');
    expect(request.headers.get('x-amz-content-sha256')).toBe(
      '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824', // sha256("hello")
    );
    expect(request.headers.get('authorization')).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE\/20130524\/us-east-1\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    // The same request signed twice gives the same signature; another body does not.
    const again = await example.sign('PUT', key, body, { 'content-type': 'image/jpeg' }, '20130524T000000Z');
    const other = await example.sign(
      'PUT',
      key,
      Buffer.from('x'),
      { 'content-type': 'image/jpeg' },
      '20130524T000000Z',
    );
    expect(again.headers.get('authorization')).toBe(request.headers.get('authorization'));
    expect(other.headers.get('authorization')).not.toBe(request.headers.get('authorization'));
  });

  it('refuses keys outside the path scheme before signing', async () => {
    await expect(example.sign('GET', '../etc/passwd')).rejects.toThrow('Invalid image key');
  });
});
