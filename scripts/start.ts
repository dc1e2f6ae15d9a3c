import { ensureWebBuild } from './web-build.ts';

// `npm start`: build the web app when it is missing or older than its sources, then run the server
// (which migrates, seeds an empty database and serves). One command on a fresh clone.
const built = ensureWebBuild();
if (built !== 0) process.exit(built);

await import('../src/server/main.ts');
