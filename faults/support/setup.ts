import { afterAll } from 'vitest';
import { killAllServers } from './server-process.ts';

// Runs after each fault-test file, passed or failed: no server outlives its test on the
// fault tests' ports (3300–3399), where it would answer the next file's requests.
afterAll(killAllServers);
