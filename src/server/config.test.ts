import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';

const base = { PGLITE_DIR: 'memory://', AUTH_SECRET: 'x'.repeat(32) };

describe('parseConfig', () => {
  it('defaults to PGlite, port 3000 on 127.0.0.1, demo seed and rate limits on', () => {
    const config = parseConfig(base);
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      appUrl: 'http://127.0.0.1:3000',
      databaseUrl: undefined,
      demoSeed: true,
      seedVendors: 60,
      rateLimits: true,
      stripe: undefined,
      google: undefined,
    });
  });

  it('reads flags in their usual spellings and ignores blank values', () => {
    const config = parseConfig({
      ...base,
      DEMO_SEED: 'off',
      RATE_LIMITS: 'off',
      SEED_VENDORS: '100000',
      DATABASE_URL: '',
    });
    expect(config).toMatchObject({
      demoSeed: false,
      rateLimits: false,
      seedVendors: 100_000,
      databaseUrl: undefined,
    });
  });

  it('holds an unpaid instant booking 30 minutes unless told, never less: a Stripe checkout lasts that long', () => {
    expect(parseConfig(base).instantHoldMinutes).toBe(30);
    expect(parseConfig({ ...base, INSTANT_HOLD_MINUTES: '90' }).instantHoldMinutes).toBe(90);
    expect(() => parseConfig({ ...base, INSTANT_HOLD_MINUTES: '29' })).toThrow(/INSTANT_HOLD_MINUTES/);
    expect(() => parseConfig({ ...base, INSTANT_HOLD_MINUTES: '1441' })).toThrow(/INSTANT_HOLD_MINUTES/);
  });

  it('enables Stripe only with both secrets', () => {
    expect(parseConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1' }).stripe).toBeUndefined();
    expect(
      parseConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).stripe,
    ).toMatchObject({
      secretKey: 'sk_test_1',
      oxxo: false,
    });
  });

  it('points Stripe at STRIPE_API_BASE, as the SDK takes it (a local stand-in)', () => {
    const stripe = { ...base, STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    expect(parseConfig(stripe).stripe).not.toHaveProperty('api');
    expect(parseConfig({ ...stripe, STRIPE_API_BASE: 'http://127.0.0.1:3361' }).stripe?.api).toEqual({
      host: '127.0.0.1',
      port: 3361,
      protocol: 'http',
    });
    expect(parseConfig({ ...stripe, STRIPE_API_BASE: 'https://stripe.test' }).stripe?.api).toEqual({
      host: 'stripe.test',
      port: 443,
      protocol: 'https',
    });
    expect(() => parseConfig({ ...stripe, STRIPE_API_BASE: 'not a url' })).toThrow(/STRIPE_API_BASE/);
  });

  it('uses APP_URL as given, without a trailing slash', () => {
    expect(parseConfig({ ...base, APP_URL: 'https://barrio.mx/' }).appUrl).toBe('https://barrio.mx');
  });

  it('names every bad variable', () => {
    expect(() => parseConfig({ ...base, PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/,
    );
  });

  it('requires AUTH_SECRET and refuses RATE_LIMITS=off in production, where the demo seed is off', () => {
    expect(() => parseConfig({ NODE_ENV: 'production', RATE_LIMITS: 'off' })).toThrow(
      /AUTH_SECRET[\s\S]*RATE_LIMITS/,
    );
    expect(
      parseConfig({
        NODE_ENV: 'production',
        AUTH_SECRET: 'y'.repeat(32),
        APP_URL: 'https://barrio.mx',
        DEMO_SEED: 'on',
      }).demoSeed,
    ).toBe(false);
  });

  describe('NODE_ENV=test', () => {
    it("is refused outside the test runner, as is better-auth's TEST", () => {
      const outside = { testRunner: false };
      expect(() => parseConfig({ ...base, NODE_ENV: 'test' }, outside)).toThrow(
        /NODE_ENV: test is only for the test runner/,
      );
      expect(() => parseConfig({ ...base, TEST: '1' }, outside)).toThrow(
        /TEST: test is only for the test runner/,
      );
      expect(parseConfig({ ...base, TEST: 'false' }, outside).env).toBe('development');
      expect(parseConfig({ ...base, NODE_ENV: 'test' }, { testRunner: true }).env).toBe('test');
    });

    it('stops the server started with it outside the test runner, before it listens', () => {
      // The server as `npm run serve` starts it, with none of Vitest's variables.
      const env = Object.fromEntries(
        Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')),
      );
      const started = spawnSync(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(new URL('./main.ts', import.meta.url))],
        {
          env: { ...env, NODE_ENV: 'test', PORT: '0', PGLITE_DIR: 'memory://', DEMO_SEED: 'off' },
          encoding: 'utf8',
          timeout: 20_000,
          killSignal: 'SIGKILL',
        },
      );
      expect(started.status).not.toBe(0);
      expect(started.stderr).toMatch(/NODE_ENV: test is only for the test runner/);
    }, 60_000);
  });

  describe('TRUST_PROXY', () => {
    it('reads only the TCP peer unless set', () => {
      expect(parseConfig(base).trustProxy).toEqual({ kind: 'off' });
      expect(parseConfig({ ...base, TRUST_PROXY: 'off' }).trustProxy).toEqual({ kind: 'off' });
      expect(parseConfig({ ...base, TRUST_PROXY: '0' }).trustProxy).toEqual({ kind: 'off' });
    });

    it('takes a number of hops or a list of proxy addresses and ranges', () => {
      expect(parseConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toEqual({ kind: 'hops', hops: 2 });
      const list = parseConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 192.0.2.10,fd00::/8' }).trustProxy;
      expect(list.kind).toBe('proxies');
      expect(list.kind === 'proxies' && list.ranges.map((r) => r.prefix)).toEqual([8, 32, 8]);
    });

    it.each([
      ['on', /TRUST_PROXY: .*number of proxies/],
      ['true', /TRUST_PROXY: .*number of proxies/],
      ['99', /TRUST_PROXY: at most 10 hops/],
      ['10.0.0.0/33', /TRUST_PROXY: "10.0.0.0\/33" is not an IP address/],
      ['proxy.internal', /TRUST_PROXY: "proxy.internal" is not an IP address/],
      ['10.0.0.1, ', /TRUST_PROXY: "" is not an IP address/],
    ])('refuses %s with a readable message', (value, message) => {
      expect(() => parseConfig({ ...base, TRUST_PROXY: value })).toThrow(message);
    });
  });

  describe('dev features off loopback', () => {
    it.each(['127.0.0.1', '127.0.1.1', 'localhost', '::1', '[::1]'])('start on loopback %s', (HOST) => {
      expect(parseConfig({ ...base, HOST }).devFeatures).toEqual([
        'the dev mailbox',
        'the sandbox checkout',
        'the demo accounts',
      ]);
    });

    it.each(['0.0.0.0', '::', '192.168.1.20', 'barrio.lan'])('refuse to start on %s, naming them', (HOST) => {
      expect(() => parseConfig({ ...base, HOST })).toThrow(
        /HOST: .* the dev mailbox, the sandbox checkout, the demo accounts[\s\S]*ALLOW_DEV_FEATURES=on/,
      );
    });

    it('start on any HOST with ALLOW_DEV_FEATURES=on, or with every dev feature replaced', () => {
      expect(parseConfig({ ...base, HOST: '0.0.0.0', ALLOW_DEV_FEATURES: 'on' })).toMatchObject({
        allowDevFeatures: true,
        devFeatures: ['the dev mailbox', 'the sandbox checkout', 'the demo accounts'],
      });
      const real = parseConfig({
        ...base,
        HOST: '0.0.0.0',
        SMTP_URL: 'smtp://mail.internal:25',
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        DEMO_SEED: 'off',
      });
      expect(real.devFeatures).toEqual([]);
      // One left on is enough to refuse.
      expect(() => parseConfig({ ...base, HOST: '0.0.0.0', SMTP_URL: 'smtp://mail.internal:25' })).toThrow(
        /the sandbox checkout, the demo accounts/,
      );
    });

    it('does not apply in production, which has no dev features', () => {
      const production = parseConfig({
        NODE_ENV: 'production',
        HOST: '0.0.0.0',
        AUTH_SECRET: 'y'.repeat(32),
        APP_URL: 'https://barrio.mx',
      });
      expect(production).toMatchObject({ host: '0.0.0.0', devFeatures: [] });
    });
  });

  it('requires an https APP_URL in production', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'y'.repeat(32) };
    expect(() => parseConfig(production)).toThrow(/APP_URL: required in production, as an https:\/\/ URL/);
    expect(() => parseConfig({ ...production, APP_URL: 'http://barrio.mx' })).toThrow(/APP_URL/);
    expect(parseConfig({ ...production, APP_URL: 'https://barrio.mx' }).appUrl).toBe('https://barrio.mx');
  });
});
