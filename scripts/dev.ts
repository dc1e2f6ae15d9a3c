import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

// `npm run dev`: the server with reload (tsx watch) on port 5173, with Vite's dev server in front of
// it (src/server/main.ts, WEB_DEV=on): the web app with hot reload, and the public pages rendered by
// the server as in production (ARCHITECTURE §2.3). Ctrl-C stops it.

const port = process.env.PORT ?? '5173';
const webUrl = `http://localhost:${port}`;
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

// Links in mails and redirects must point at the page people open; the server also checks the
// Origin of mutations against it (ARCHITECTURE §10).
start('server', bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
  PORT: port,
  APP_URL: process.env.APP_URL ?? webUrl,
  WEB_DEV: 'on',
});

console.log(
  [
    '',
    '  Barrio is starting in development mode:',
    `    open  ${webUrl}      (the web app, hot reload; public pages rendered by the server)`,
    `    API   ${webUrl}/api  (the server reloads when its code changes)`,
    '  Ctrl-C stops it.',
    '',
  ].join('\n'),
);
