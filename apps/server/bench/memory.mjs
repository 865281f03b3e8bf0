/**
 * The memory of one server process (`npm run bench` at the repository root, after the build): the
 * built server (apps/server/dist/main.js) is started as `npm start` starts it — the environment
 * and node options of the root package.json's start script — in development mode with the demo
 * accounts, on a fresh embedded database, and on a fresh database of the PostgreSQL at
 * DATABASE_URL or 127.0.0.1:5432 when one answers. Its resident memory (VmRSS) is read once it is
 * idle after starting, and again after the journeys of journeys.mjs (people registering, signing
 * in, looking at lists and details, and contracts signed by both parties).
 *
 * Issue 35's targets, on the embedded database: under 250 MB idle, under 400 MB after the
 * journeys. MEMORY_JOURNEYS (40) and MEMORY_CONCURRENCY (2) change the load.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { prepareWorld, runMixedLoad, summarize } from './journeys.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The built server; MEMORY_SERVER_MAIN measures another build of it. */
const MAIN = process.env.MEMORY_SERVER_MAIN ?? path.join(ROOT, 'apps/server/dist/main.js');
const JOURNEYS = Number(process.env.MEMORY_JOURNEYS ?? 40);
const CONCURRENCY = Number(process.env.MEMORY_CONCURRENCY ?? 2);
/** How long the server is left alone before each reading. */
const SETTLE_MS = 5_000;
const TARGETS = { idle: 250, after: 400 };

/**
 * The environment variables and node options the root package.json's start script gives
 * `node apps/server/dist/main.js`, so that what is measured is what `npm start` runs.
 */
function startCommand() {
  const scripts = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts;
  const step = scripts.start
    .split('&&')
    .map((part) => part.trim())
    .find((part) => part.includes('apps/server/dist/main.js'));
  if (!step) throw new Error('The start script does not run apps/server/dist/main.js');
  const words = step.split(/\s+/);
  const env = {};
  while (/^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
    const [name, ...value] = words.shift().split('=');
    env[name] = value.join('=');
  }
  if (words.shift() !== 'node') throw new Error(`The start script runs ${step}, not node`);
  return { env, nodeOptions: words.slice(0, words.indexOf('apps/server/dist/main.js')) };
}

async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** VmRSS and VmHWM (the peak) of a process, in MB. */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the built server as `npm start` does; gives its base URL and a way to stop it. */
async function startServer({ databaseUrl, dataDir }) {
  const { env, nodeOptions } = startCommand();
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeOptions, MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      // The journeys' people each send their own address, as behind a proxy (journeys.mjs).
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => (output = (output + chunk.toString()).slice(-10_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited:\n${output}`);
    const up = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (performance.now() - started > 120_000)
      throw new Error(`The server did not start:\n${output}`);
    await sleep(200);
  }
  return {
    base,
    pid: child.pid,
    startMs: performance.now() - started,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** One backend's figures: idle after start, and after the journeys. */
async function measure(name, { databaseUrl } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'esign-memory-'));
  const server = await startServer({ databaseUrl, dataDir });
  try {
    await sleep(SETTLE_MS);
    const idle = memoryOf(server.pid);
    const world = await prepareWorld(server.base, { people: 2 * CONCURRENCY });
    const load = await runMixedLoad({
      base: server.base,
      world,
      rounds: JOURNEYS,
      concurrency: CONCURRENCY,
    });
    await sleep(SETTLE_MS);
    const after = memoryOf(server.pid);
    return { name, idle, after, startMs: server.startMs, load, summary: summarize(load) };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A fresh database on the PostgreSQL server, or null (and why) when none answers. */
async function postgresDatabase() {
  const server = new URL(
    process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres',
  );
  const admin = new pg.Client({
    connectionString: server.toString(),
    connectionTimeoutMillis: 3000,
  });
  try {
    await admin.connect();
  } catch (error) {
    return { skipped: `no PostgreSQL at ${server.host} (${error.message})` };
  }
  const name = `esign_memory_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

if (!existsSync(MAIN)) {
  console.error(`memory: ${MAIN} is missing; run npm run build first.`);
  process.exit(1);
}

const results = [await measure('PGlite')];
const postgres = await postgresDatabase();
if (postgres.url) {
  try {
    results.push(await measure('PostgreSQL', { databaseUrl: postgres.url }));
  } finally {
    await postgres.drop();
  }
}

const mb = (value) => `${Math.round(value)} MB`;
const verdict = (value, target) => `${value < target ? 'MET' : 'MISSED'} (target < ${target} MB)`;
const { env, nodeOptions } = startCommand();
console.log(
  `\nServer memory (VmRSS of one process, started as npm start does${
    Object.keys(env).length + nodeOptions.length > 0
      ? `: ${[...Object.entries(env).map(([k, v]) => `${k}=${v}`), ...nodeOptions].join(' ')}`
      : ''
  }; development mode, demo accounts; ${JOURNEYS} journeys, ${CONCURRENCY} at a time)`,
);
console.log(
  `  ${'database'.padEnd(11)} ${'idle'.padStart(7)} ${'after'.padStart(7)} ${'peak'.padStart(7)}` +
    `  ${'journeys/min'.padStart(12)} ${'requests'.padStart(8)} ${'errors'.padStart(6)}  sign p50/p95`,
);
for (const r of results) {
  const sign = r.summary.kinds.sign;
  console.log(
    `  ${r.name.padEnd(11)} ${mb(r.idle.rss).padStart(7)} ${mb(r.after.rss).padStart(7)} ${mb(r.after.peak).padStart(7)}` +
      `  ${r.summary.journeysPerMinute.toFixed(1).padStart(12)} ${String(r.load.requests).padStart(8)} ${String(r.load.errors).padStart(6)}` +
      `  ${sign ? `${Math.round(sign.p50)}/${Math.round(sign.p95)} ms` : '-'}`,
  );
}
if (postgres.skipped) console.log(`  PostgreSQL  skipped: ${postgres.skipped}`);
const embedded = results[0];
console.log(`  PGlite idle: ${verdict(embedded.idle.rss, TARGETS.idle)}`);
console.log(`  PGlite after the journeys: ${verdict(embedded.after.rss, TARGETS.after)}`);
const failed = results.filter((r) => r.load.errors > 0 || r.load.completed !== r.load.journeys);
for (const r of failed) {
  console.error(`  ${r.name}: ${r.load.errors} errors; ${r.load.errorSamples.join('; ')}`);
}
if (failed.length > 0) process.exit(1);
