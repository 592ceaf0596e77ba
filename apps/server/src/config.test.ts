import { DEFAULT_RESERVED_SUBDOMAINS } from '@brigade/domain/platform-domains';
import { GOOGLE_URLS } from '@brigade/google-business/endpoints';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('reads where the register may call its print bridge, and refuses what is not a source', () => {
    expect(
      loadConfig({ PRINT_BRIDGE_SOURCES: 'https://192.168.1.20:9111, https://*.lan:*  http://[::1]:9111' })
        .printBridgeSources,
    ).toEqual(['https://192.168.1.20:9111', 'https://*.lan:*', 'http://[::1]:9111']);
    for (const bad of ['*', "'unsafe-inline'", 'https://a.b/path', 'ftp://printer', 'https://a b'])
      expect(() => loadConfig({ PRINT_BRIDGE_SOURCES: bad }), bad).toThrow(
        'PRINT_BRIDGE_SOURCES: must be sources such as https://192.168.1.20:9111, separated by spaces or commas',
      );
  });

  it('reads the retention policy: 0 keeps for ever, the audit log at least 30 days', () => {
    expect(loadConfig({ AUDIT_LOG_RETENTION_DAYS: '0', MAIL_OUTBOX_RETENTION_DAYS: '7' }).retention).toEqual({
      auditLogDays: 0,
      mailOutboxDays: 7,
    });
    expect(() => loadConfig({ AUDIT_LOG_RETENTION_DAYS: '10' })).toThrow(
      'AUDIT_LOG_RETENTION_DAYS: must be 0 (for ever) or 30 to 36500 days',
    );
    expect(() => loadConfig({ MAIL_OUTBOX_RETENTION_DAYS: '-1' })).toThrow(
      'MAIL_OUTBOX_RETENTION_DAYS: must be 0 (for ever) or more days',
    );
  });

  it('uses the embedded defaults when nothing is set', () => {
    expect(loadConfig({})).toEqual({
      env: 'development',
      port: 3002,
      host: '127.0.0.1',
      databaseUrl: undefined,
      migrationUrl: undefined,
      listenUrl: undefined,
      checkoutQuietSeconds: 120,
      gatewayReportsPauseMs: 250,
      printBridgeSources: [
        'http://127.0.0.1:*',
        'http://localhost:*',
        'https://127.0.0.1:*',
        'https://localhost:*',
      ],
      kioskUnpaidMinutes: 120,
      kioskOrderLimit: { ordersPerDevice: 30, windowMs: 900_000 },
      retention: { auditLogDays: 365, mailOutboxDays: 30 },
      sms: {
        mode: 'emulator',
        url: 'https://api.twilio.com',
        accountSid: undefined,
        authToken: undefined,
        apiKeySid: undefined,
        from: undefined,
      },
      cdn: { provider: undefined, url: '', zone: undefined, apiToken: undefined, sharedMaxAgeSeconds: 60 },
      dataDir: './.data',
      poolMax: 10,
      logLevel: 'info',
      seedDemo: true,
      trustProxy: false,
      publicUrl: undefined,
      authAppPort: 3000,
      adminAppPort: 3001,
      managementAppPort: 3005,
      menuAppPort: 3003,
      sitePort: 3004,
      appOrigins: expect.arrayContaining([
        'http://localhost:3000',
        'http://127.0.0.1:3001',
        'http://127.0.0.1:3005',
      ]),
      authUrl: 'http://127.0.0.1:3000/auth',
      smtpUrl: undefined,
      mailFrom: 'Brigade <no-reply@brigade.local>',
      secureCookies: false,
      baseDomain: 'brigade.test',
      reservedSubdomains: [...DEFAULT_RESERVED_SUBDOMAINS],
      dnsServers: [],
      hosting: null,
      hostingProjectId: 'brigade',
      cardpointe: { emulator: true, url: undefined, timeoutMs: 35_000, reconcilePauseMs: 1_000 },
      places: {
        apiKey: undefined,
        emulator: true,
        url: 'https://places.googleapis.com/v1',
        timeoutMs: 10_000,
        dailySearchesPerTenant: 200,
      },
      checkoutLimits: {
        windowMs: 15 * 60_000,
        attemptsPerAddress: 20,
        attemptsPerRestaurant: 300,
        declinesPerAddress: 5,
        issuerTextDeclines: 2,
        declinesPerRestaurant: 30,
        declineAlert: 10,
      },
      llm: {
        mode: 'emulator',
        baseUrl: undefined,
        apiKey: undefined,
        model: 'gpt-4o-mini',
        timeoutMs: 30_000,
      },
      businessListing: {
        clientId: undefined,
        clientSecret: undefined,
        emulator: true,
        urls: GOOGLE_URLS,
        timeoutMs: 15_000,
      },
      kitchenPrinterPort: 9100,
      kitchenPrinterAllowLocal: false,
      cloudPrintCollectSeconds: 60,
      media: { storage: 'local', dir: './.data/media', baseUrl: 'http://localhost:3002/media' },
      http: {
        headersTimeoutMs: 10_000,
        requestTimeoutMs: 60_000,
        keepAliveTimeoutMs: 72_000,
        idleTimeoutMs: 30_000,
        timeoutCheckIntervalMs: 1_000,
      },
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
      DATABASE_LISTEN_URL: 'postgresql://brigade@db-direct:5432/brigade',
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
      listenUrl: 'postgresql://brigade@db-direct:5432/brigade',
      dataDir: '/var/lib/brigade',
      poolMax: 30,
      logLevel: 'warn',
      seedDemo: false,
      trustProxy: true,
    });
  });

  it('reads a CDN: its API at the provider by default, pages kept an hour, and both zone and token required', () => {
    expect(
      loadConfig({ CDN_PROVIDER: 'fastly', CDN_ZONE: 'SU1Z0isxPaozGVKXdv0eY', CDN_API_TOKEN: 't' }).cdn,
    ).toEqual({
      provider: 'fastly',
      url: 'https://api.fastly.com',
      zone: 'SU1Z0isxPaozGVKXdv0eY',
      apiToken: 't',
      sharedMaxAgeSeconds: 3600,
    });
    expect(
      loadConfig({ CDN_PROVIDER: 'cloudflare', CDN_ZONE: 'z', CDN_API_TOKEN: 't', SITE_CDN_MAX_AGE: '600' })
        .cdn,
    ).toMatchObject({ url: 'https://api.cloudflare.com', sharedMaxAgeSeconds: 600 });
    expect(() => loadConfig({ CDN_PROVIDER: 'cloudflare' })).toThrow(
      /CDN_ZONE: required when CDN_PROVIDER is set/,
    );
    expect(() => loadConfig({ CDN_PROVIDER: 'akamai' })).toThrow(/must be cloudflare or fastly/);
  });

  it('reads TRUST_PROXY as false, true or the proxies’ addresses', () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('loopback')).toEqual(['loopback']);
    expect(trust('127.0.0.1, 10.0.0.0/8,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    for (const bad of ['yes', '2', '10.0.0.0/33', 'proxy.local']) {
      expect(() => trust(bad)).toThrow('TRUST_PROXY: must be false, true or the proxies’ addresses');
    }
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

  it('reads the limits on slow clients, and refuses a headers limit above the request limit', () => {
    expect(
      loadConfig({
        HTTP_HEADERS_TIMEOUT_MS: '5000',
        HTTP_REQUEST_TIMEOUT_MS: '20000',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '65000',
        HTTP_IDLE_TIMEOUT_MS: '0',
        HTTP_TIMEOUT_CHECK_INTERVAL_MS: '500',
      }).http,
    ).toEqual({
      headersTimeoutMs: 5_000,
      requestTimeoutMs: 20_000,
      keepAliveTimeoutMs: 65_000,
      idleTimeoutMs: 0,
      timeoutCheckIntervalMs: 500,
    });
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '30000', HTTP_REQUEST_TIMEOUT_MS: '20000' })).toThrow(
      '  HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS (20000) (got "30000")',
    );
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: 'soon', HTTP_KEEP_ALIVE_TIMEOUT_MS: '0' })).toThrow(
      [
        '  HTTP_REQUEST_TIMEOUT_MS: must be a number of milliseconds (got "soon")',
        '  HTTP_KEEP_ALIVE_TIMEOUT_MS: must be at least 1 (got "0")',
      ].join('\n'),
    );
  });

  it('Google Places: the emulator without a key outside production; a key turns it off', () => {
    expect(loadConfig({}).places.emulator).toBe(true);
    const google = loadConfig({
      GOOGLE_PLACES_API_KEY: 'AIzaKey',
      GOOGLE_PLACES_URL: 'http://places.test/v1/',
    }).places;
    expect(google).toEqual({
      apiKey: 'AIzaKey',
      emulator: false,
      url: 'http://places.test/v1',
      timeoutMs: 10_000,
      dailySearchesPerTenant: 200,
    });
    expect(loadConfig({ PLACES_DAILY_SEARCHES_PER_TENANT: '50' }).places.dailySearchesPerTenant).toBe(50);
    expect(() => loadConfig({ PLACES_DAILY_SEARCHES_PER_TENANT: '0' })).toThrow(
      'PLACES_DAILY_SEARCHES_PER_TENANT: must be at least 1 (got "0")',
    );
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://b.example.com' }).places.emulator).toBe(
      false,
    );
    expect(() => loadConfig({ GOOGLE_PLACES_URL: 'nope' })).toThrow(
      'GOOGLE_PLACES_URL: must be a URL such as https://places.googleapis.com/v1 (got "nope")',
    );
  });

  it('checkout limits: the documented defaults, each changed by its variable', () => {
    const limits = loadConfig({
      CHECKOUT_ORDERS_PER_ADDRESS: '3',
      CHECKOUT_ORDERS_PER_RESTAURANT: '40',
      CHECKOUT_DECLINES_PER_ADDRESS: '2',
      CHECKOUT_DECLINES_PER_RESTAURANT: '9',
      CHECKOUT_DECLINE_ALERT: '4',
    }).checkoutLimits;
    expect(limits).toMatchObject({
      attemptsPerAddress: 3,
      attemptsPerRestaurant: 40,
      declinesPerAddress: 2,
      declinesPerRestaurant: 9,
      declineAlert: 4,
      windowMs: 900_000,
    });
    expect(() => loadConfig({ CHECKOUT_ORDERS_PER_ADDRESS: 'many' })).toThrow(
      'CHECKOUT_ORDERS_PER_ADDRESS: must be a whole number (got "many")',
    );
  });

  it('LLM: the emulator with no LLM_BASE_URL outside production, the local drafter in production or when off', () => {
    expect(loadConfig({}).llm.mode).toBe('emulator');
    expect(loadConfig({ LLM_EMULATOR: 'off' }).llm.mode).toBe('local');
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://b.example.com' }).llm.mode).toBe(
      'local',
    );
    expect(
      loadConfig({
        LLM_BASE_URL: 'http://127.0.0.1:11434/v1/',
        LLM_MODEL: ' llama3.1 ',
        LLM_TIMEOUT_MS: '5000',
      }).llm,
    ).toEqual({
      mode: 'remote',
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: undefined,
      model: 'llama3.1',
      timeoutMs: 5000,
    });
    expect(loadConfig({ LLM_BASE_URL: 'https://api.openai.com/v1', LLM_API_KEY: ' sk-x ' }).llm.apiKey).toBe(
      'sk-x',
    );
    expect(loadConfig({ LLM_BASE_URL: '', LLM_API_KEY: '' }).llm).toMatchObject({
      mode: 'emulator',
      apiKey: undefined,
    });
    expect(() => loadConfig({ LLM_BASE_URL: 'https://me:sk-secret@llm.test/v1' })).toThrow(
      'LLM_BASE_URL: must not carry credentials: put the key in LLM_API_KEY',
    );
    expect(() => loadConfig({ LLM_BASE_URL: 'nope', LLM_EMULATOR: 'maybe' })).toThrow(
      [
        '  LLM_BASE_URL: must be a URL such as https://api.openai.com/v1 or http://127.0.0.1:11434/v1 (got "nope")',
        '  LLM_EMULATOR: must be on or off (got "maybe")',
      ].join('\n'),
    );
  });

  it('Google Business Profile: the emulator without a client id outside production; id and secret together', () => {
    const google = loadConfig({
      GOOGLE_BUSINESS_CLIENT_ID: 'brigade.apps.googleusercontent.com',
      GOOGLE_BUSINESS_CLIENT_SECRET: 'GOCSPX-secret',
      GOOGLE_BUSINESS_URL: 'http://gbp.test:4010/',
    }).businessListing;
    expect(google).toMatchObject({ clientId: 'brigade.apps.googleusercontent.com', emulator: false });
    expect(google.urls.tokenUrl).toBe('http://gbp.test:4010/token');
    expect(google.urls.reviewsUrl).toBe('http://gbp.test:4010/v4');
    const production = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://b.example.com' });
    expect(production.businessListing.emulator).toBe(false);
    expect(() => loadConfig({ GOOGLE_BUSINESS_CLIENT_ID: 'id' })).toThrow(
      'GOOGLE_BUSINESS_CLIENT_SECRET: required when GOOGLE_BUSINESS_CLIENT_ID is set',
    );
    expect(() => loadConfig({ GOOGLE_BUSINESS_CLIENT_SECRET: 's' })).toThrow(
      'GOOGLE_BUSINESS_CLIENT_ID: required when GOOGLE_BUSINESS_CLIENT_SECRET is set',
    );
  });

  it('reads the reserved subdomains and the local-printer switch, which production refuses', () => {
    expect(loadConfig({ BRIGADE_RESERVED_SUBDOMAINS: ' Kitchen, api ,' }).reservedSubdomains).toEqual([
      'kitchen',
      'api',
    ]);
    expect(() => loadConfig({ BRIGADE_RESERVED_SUBDOMAINS: 'a.b' })).toThrow(
      'BRIGADE_RESERVED_SUBDOMAINS: must be a comma-separated list of labels such as admin,api,mail',
    );
    expect(loadConfig({ KITCHEN_PRINTER_ALLOW_LOCAL: 'true' }).kitchenPrinterAllowLocal).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', KITCHEN_PRINTER_ALLOW_LOCAL: 'true' })).toThrow(
      'KITCHEN_PRINTER_ALLOW_LOCAL: must not be set in production',
    );
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
    expect(() => loadConfig({ DATABASE_LISTEN_URL: 'db.internal:5432' })).toThrow(
      'DATABASE_LISTEN_URL: must be a postgres:// or postgresql:// URL (got "db.internal:5432")',
    );
    expect(() => loadConfig({ BRIGADE_SEED_DEMO: 'yes' })).toThrow(
      'BRIGADE_SEED_DEMO: must be true or false (got "yes")',
    );
  });
});
