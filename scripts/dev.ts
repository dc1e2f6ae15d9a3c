import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

// `npm run dev`: the API server with reload (tsx watch, port 3000) and Vite with hot reload (5173),
// which proxies /api and /media to the server (vite.config.ts). Ctrl-C stops both.

const apiPort = process.env.PORT ?? '3000';
const webUrl = 'http://localhost:5173';
const bin = (name: string) =>
  join('node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

const children: ChildProcess[] = [];
let stopping = false;

function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(command, args, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
    shell: process.platform === 'win32',
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`\n[dev] ${name} stopped (${signal ?? `exit ${code}`}); stopping the rest.`);
    stop('SIGTERM', code ?? 1);
  });
  children.push(child);
}

function stop(signal: NodeJS.Signals, exitCode: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
  // Give them a moment to close their ports, then leave.
  setTimeout(() => process.exit(exitCode), 1500).unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null))).then(
    () => process.exit(exitCode),
  );
}

process.on('SIGINT', () => stop('SIGINT', 0));
process.on('SIGTERM', () => stop('SIGTERM', 0));

// Links in mails and redirects must point at the page people open, which is Vite's in development;
// the server also checks the Origin of mutations against it (ARCHITECTURE §10).
start('server', bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
  PORT: apiPort,
  APP_URL: process.env.APP_URL ?? webUrl,
});
start('vite', bin('vite'), [], { BARRIO_API_URL: `http://127.0.0.1:${apiPort}` });

console.log(
  [
    '',
    '  Barrio is starting in development mode:',
    `    open  ${webUrl}        (the web app, hot reload)`,
    `    API   http://127.0.0.1:${apiPort}/api  (reloads when server code changes)`,
    '  Ctrl-C stops both.',
    '',
  ].join('\n'),
);
