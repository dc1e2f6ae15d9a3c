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

  it('enables Stripe only with both secrets', () => {
    expect(parseConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1' }).stripe).toBeUndefined();
    expect(
      parseConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).stripe,
    ).toMatchObject({
      secretKey: 'sk_test_1',
      oxxo: false,
    });
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
      parseConfig({ NODE_ENV: 'production', AUTH_SECRET: 'y'.repeat(32), DEMO_SEED: 'on' }).demoSeed,
    ).toBe(false);
  });
});
