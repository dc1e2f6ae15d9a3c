import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

// What the benchmarks share: the machine they ran on, where their results go, the real server
// they load and the throwaway PostgreSQL database they seed.

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** The machine a figure was measured on: figures from different machines do not compare. */
export function describeMachine() {
  const cpuInfo = readFileSync('/proc/cpuinfo', 'utf8');
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuInfo)?.[1] ?? cpus()[0]?.model ?? 'unknown';
  return {
    cpus: cpus().length,
    cpuModel: model.trim(),
    ramGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}

/** bench/results/<name>.json: small, stable keys, meant to be committed beside BENCHMARKS.md. */
export function writeResult(name: string, figures: unknown): string {
  const dir = join(repoRoot, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.json`);
  const body = { name, measuredAt: new Date().toISOString(), machine: describeMachine(), figures };
  writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
  return file;
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * `src/server/main.ts` as `npm run serve` starts it, in its own process, so that the load
 * generator and the server share the machine as a client and a server would. Resolves once
 * GET /api/health answers.
 */
export async function startServer({
  port,
  env,
  nodeArgs = [],
}: {
  port: number;
  env: Record<string, string>;
  /** Options for the server's node, e.g. `--cpu-prof` (which NODE_OPTIONS does not accept). */
  nodeArgs?: string[];
}): Promise<RunningServer> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: url,
      LOG_LEVEL: 'warn',
      // ARCHITECTURE §13: one client address sends every request here; the booking limits would refuse
      // all but the first few. Refused in production, so this server is never one.
      RATE_LIMITS: 'off',
      DEMO_SEED: 'off',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  while (true) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stopChild(child, exited);
      throw new Error('the server did not answer /api/health within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, stop: () => stopChild(child, exited) };
}

async function stopChild(child: ChildProcess, exited: Promise<void>) {
  if (child.exitCode === null) child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** A fresh PostgreSQL database beside the one in `adminUrl`, dropped by `drop()`. */
export async function createScratchDatabase(adminUrl: string, name: string) {
  const admin = new URL(adminUrl);
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`drop database if exists "${name}" with (force)`);
  await run(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists "${name}" with (force)`) };
}
