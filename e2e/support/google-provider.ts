import { startLocalOpenIdProvider } from '../../src/server/test/local-openid-provider.ts';

// The local OpenID provider that stands in for Google during the journeys (decision 011), started
// by playwright.config.ts before the app; it runs until Playwright stops it.
const port = Number(process.env.OIDC_PORT ?? 3199);
const provider = await startLocalOpenIdProvider({ port });
console.log(`local OpenID provider at ${provider.issuer}`);
const stop = () => void provider.stop().finally(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
