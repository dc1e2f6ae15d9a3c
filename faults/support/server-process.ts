import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The real server as its own process (decision 023): `node --import tsx src/server/main.ts`, one
// process and no wrapper (npx, npm), so a signal reaches exactly the server and SIGKILL kills it
// the way an out-of-memory killer or a lost machine would.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Shared by every instance of a test, so sessions and signed tokens work across them. */
const AUTH_SECRET = 'faults-secret-faults-secret-faults-0123';

export interface ServerProcess {
  name: string;
  port: number;
  baseUrl: string;
  pid: number;
  /** The process's output so far (stdout and stderr, JSON log lines). */
  log(): string;
  /** The exit code, or the signal that ended the process, once it has exited. */
  exited: Promise<Exit>;
  /** SIGTERM, then waits for the exit: the graceful shutdown of decision 023. */
  stop(): Promise<Exit>;
  /** SIGKILL, then waits for the exit: no shutdown code runs. */
  kill(): Promise<void>;
}

export type Exit = number | NodeJS.Signals;

export interface StartOptions {
  name: string;
  port: number;
  /** DATABASE_URL or PGLITE_DIR, and whatever else the test changes. */
  env: Record<string, string>;
  /** How long start-up (migrations, demo seed) may take. */
  startTimeoutMs?: number;
}

/** Every server started and not yet exited: a failing test must not leave one behind. */
const running = new Set<ServerProcess>();

/** SIGKILLs whatever server is still running (the fault tests' setup runs it after each file). */
export async function killAllServers(): Promise<void> {
  await Promise.all([...running].map((server) => server.kill()));
}

/** Starts the server and resolves once GET /api/health answers 200. */
export async function startServer({
  name,
  port,
  env,
  startTimeoutMs = 120_000,
}: StartOptions): Promise<ServerProcess> {
  // A server left on the port would answer the health check below in place of this one.
  const taken = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is already in use: ${name} cannot start there`);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: repoRoot,
    // Only what the server needs: nothing from the caller's environment (a DATABASE_URL, a .env
    // meant for development) may change which database a fault test touches.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      AUTH_SECRET,
      DEMO_SEED: 'on',
      SEED_VENDORS: '8',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A test runner that dies must not leave servers behind on the fault tests' ports.
  const reap = () => child.kill('SIGKILL');
  process.once('exit', reap);
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'SIGKILL')),
  );
  let done = false;
  void exited.then(() => {
    done = true;
    process.off('exit', reap);
  });

  const server: ServerProcess = {
    name,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    log: () => output,
    exited,
    async stop() {
      if (!done) child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      if (!done) child.kill('SIGKILL');
      await exited;
    },
  };

  running.add(server);
  void exited.then(() => running.delete(server));

  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (done) throw new Error(`${name} exited during start-up:\n${tail(output)}`);
    if (Date.now() > deadline) {
      await server.kill();
      throw new Error(`${name} did not answer GET /api/health within ${startTimeoutMs} ms:\n${tail(output)}`);
    }
    const status = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) })
      .then((res) => res.status)
      .catch(() => 0);
    if (status === 200) return server;
    await sleep(200);
  }
}

/**
 * Instances of the app on one database, started one after the other (the first seeds the demo data,
 * the second finds it there), each added to `instances` once it answers, so that the test's cleanup
 * stops it. All take the first one's address as APP_URL, which is returned; their sweepers run every
 * 100 ms and their outboxes are polled every 200 ms.
 */
export async function startInstances(
  instances: ServerProcess[],
  {
    ports,
    databaseUrl,
    env = {},
  }: { ports: readonly number[]; databaseUrl: string; env?: Record<string, string> },
): Promise<string> {
  const appUrl = `http://127.0.0.1:${ports[0]}`;
  for (const [i, port] of ports.entries()) {
    instances.push(
      await startServer({
        name: `instance ${i + 1}`,
        port,
        env: {
          DATABASE_URL: databaseUrl,
          APP_URL: appUrl,
          ...env,
          EXPIRY_SWEEP_MS: '100',
          OUTBOX_POLL_MS: '200',
          LOG_LEVEL: 'info',
        },
      }),
    );
  }
  return appUrl;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The last lines of a log, for an assertion message. */
export function tail(text: string, lines = 40): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

/** Polls `check` until it returns a value other than undefined; throws after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  { timeoutMs = 60_000, intervalMs = 100 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}

/** JSON log lines of a server with a given message. */
export function logLines(server: ServerProcess, msg: string): Record<string, unknown>[] {
  return server
    .log()
    .split('\n')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return []; // not a log line, or one still being written
      }
    })
    .filter((entry) => entry.msg === msg);
}
