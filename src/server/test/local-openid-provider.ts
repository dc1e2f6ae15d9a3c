import { OAuth2Server } from 'oauth2-mock-server';

export interface LocalOpenIdProvider {
  issuer: string;
  discoveryUrl: string;
  stop(): Promise<void>;
}

/** The person the local provider signs in, whoever asks (it has no login screen). */
export const localGoogleUser = {
  sub: 'johndoe',
  email: 'google.user@barrio.test',
  name: 'Gabriela Google',
} as const;

/**
 * A local OpenID provider standing in for Google in tests and e2e (decision 011): the app reaches
 * it through GOOGLE_DISCOVERY_URL, so the whole redirect/callback exchange runs for real, offline.
 */
export async function startLocalOpenIdProvider({
  port = 0,
  host = '127.0.0.1',
}: {
  port?: number;
  host?: string;
} = {}): Promise<LocalOpenIdProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, {
      email: localGoogleUser.email,
      email_verified: true,
      name: localGoogleUser.name,
    });
  });
  server.service.on('beforeUserinfo', (response: { body: Record<string, unknown> }) => {
    response.body = { ...localGoogleUser, email_verified: true };
  });
  await server.start(port, host);
  const issuer = server.issuer.url!;
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    stop: () => server.stop(),
  };
}
