import { pino } from 'pino';
import { redactPersonalData, redactSecrets } from './redact-secrets.ts';

export type Logger = pino.Logger;

export function createLogger(
  level: string = process.env.LOG_LEVEL ?? 'info',
  destination?: pino.DestinationStream,
): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'],
        censor: '[redacted]',
      },
      // Each line as written, whatever field or error message carries it: e-mail addresses, phone
      // numbers and link tokens never reach the log.
      hooks: { streamWrite: (line) => redactPersonalData(redactSecrets(line)) },
    },
    destination,
  );
}
