import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the embedded defaults when nothing is set', () => {
    expect(loadConfig({})).toEqual({
      env: 'development',
      port: 3002,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: './.data',
      poolMax: 10,
      logLevel: 'info',
      seedDemo: true,
      trustProxy: false,
      publicUrl: undefined,
      authAppPort: 3000,
      managementAppPort: 3005,
      menuAppPort: 3003,
      sitePort: 3004,
      appOrigins: expect.arrayContaining(['http://localhost:3000', 'http://127.0.0.1:3005']),
      authUrl: 'http://localhost:3000/auth',
      smtpUrl: undefined,
      mailFrom: 'Brigade <no-reply@brigade.local>',
      secureCookies: false,
      baseDomain: 'brigade.test',
      dnsServers: [],
      hosting: null,
      hostingProjectId: 'brigade',
      media: { storage: 'local', dir: './.data/media', baseUrl: 'http://localhost:3002/media' },
    });
  });

  it('derives the auth address, allowed origins and cookie security from PUBLIC_URL in production', () => {
    const config = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://brigade.example.com/' });
    expect(config.authUrl).toBe('https://brigade.example.com/auth');
    expect(config.appOrigins).toEqual(['https://brigade.example.com']);
    expect(config.authAppPort).toBeUndefined();
    expect(config.secureCookies).toBe(true);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        BRIGADE_APP_ORIGINS: 'https://a.example.com, https://b.example.com/x',
      }).appOrigins,
    ).toEqual(['https://a.example.com', 'https://b.example.com']);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      DATABASE_URL: 'postgresql://brigade@db:5432/brigade',
      BRIGADE_DATA_DIR: '/var/lib/brigade',
      DATABASE_POOL_MAX: '30',
      LOG_LEVEL: 'warn',
      BRIGADE_SEED_DEMO: 'false',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      env: 'production',
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgresql://brigade@db:5432/brigade',
      dataDir: '/var/lib/brigade',
      poolMax: 30,
      logLevel: 'warn',
      seedDemo: false,
      trustProxy: true,
    });
  });

  it('configures image storage: local by default, S3 with its variables (all required)', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://brigade.example.com' }).media).toEqual({
      storage: 'local',
      dir: './.data/media',
      baseUrl: 'https://brigade.example.com/media',
    });
    expect(() => loadConfig({ IMAGE_STORAGE: 's3', S3_BUCKET: 'b' })).toThrow(
      '  S3_ENDPOINT: required when IMAGE_STORAGE is s3',
    );
    const s3 = loadConfig({
      IMAGE_STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    }).media;
    expect(s3).toMatchObject({ storage: 's3', baseUrl: 'http://127.0.0.1:9000/media' });
  });

  it('stops with a message naming each bad variable and its value', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' })).toThrow(
      [
        'Invalid configuration:',
        '  PORT: must be a port number (got "eighty")',
        '  DATABASE_URL: must be a postgres:// or postgresql:// URL (got "mysql://x")',
        '  LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      ].join('\n'),
    );
    expect(() => loadConfig({ BRIGADE_SEED_DEMO: 'yes' })).toThrow(
      'BRIGADE_SEED_DEMO: must be true or false (got "yes")',
    );
  });
});
