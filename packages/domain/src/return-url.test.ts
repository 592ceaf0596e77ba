import { describe, expect, it } from 'vitest';
import { allowedReturnOrigin, DEVELOPMENT_APP_ORIGINS, withQuery } from './return-url';

describe('allowedReturnOrigin', () => {
  const allowed = ['https://manage.example.com', 'http://localhost:3005'];

  it('accepts absolute URLs of configured origins', () => {
    expect(allowedReturnOrigin('https://manage.example.com/menus?x=1', allowed)).toBe(
      'https://manage.example.com',
    );
    expect(allowedReturnOrigin('http://localhost:3005/', allowed)).toBe('http://localhost:3005');
  });

  it('refuses other origins, relative URLs, credentials and other schemes (no open redirect)', () => {
    for (const url of [
      'https://evil.example.com/',
      'https://manage.example.com.evil.com/',
      'http://manage.example.com/',
      '//evil.example.com',
      '/relative',
      'javascript:alert(1)',
      'https://user:pw@manage.example.com/',
      'http://localhost:3006/',
    ]) {
      expect(allowedReturnOrigin(url, allowed), url).toBeNull();
    }
  });

  it('knows the six development ports of the spec', () => {
    expect(DEVELOPMENT_APP_ORIGINS).toContain('http://localhost:3000');
    expect(DEVELOPMENT_APP_ORIGINS).toContain('http://127.0.0.1:3005');
    expect(DEVELOPMENT_APP_ORIGINS).toHaveLength(12);
  });

  it('adds query parameters', () => {
    expect(withQuery('http://localhost:3005/a?b=1', { token: 'x y', b: '2' })).toBe(
      'http://localhost:3005/a?b=2&token=x+y',
    );
  });
});
