/** Child processes of the package tests (npm pack, npm install, node, vite build). */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export interface ChildResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The environment for child processes, without the `npm_*` variables an enclosing `npm test` sets
 * (`npm_config_local_prefix` would send `npm install` back into the repository), without
 * NODE_PATH (which would let a scratch project find the repository's packages) and without
 * Vitest's NODE_ENV=test (with which `vite build` makes a development build, as a product's build
 * is not).
 */
export function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^npm_/i.test(key) && key !== 'NODE_PATH' && key !== 'NODE_ENV') env[key] = value;
  }
  env.npm_config_loglevel = 'error';
  env.npm_config_update_notifier = 'false';
  return env;
}

/** Runs `command` in `cwd`; a non-zero exit throws with its output unless `allowFailure`. */
export function run(
  command: string,
  args: string[],
  cwd: string,
  allowFailure = false,
): ChildResult {
  const result = spawnSync(command, args, {
    cwd,
    env: childEnv(),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 240_000,
  });
  if (result.error) throw result.error;
  if (!allowFailure && result.status !== 0) {
    throw new Error(
      `\`${path.basename(command)} ${args.join(' ')}\` in ${cwd} exited with ${result.status}\n` +
        `--- stderr ---\n${result.stderr}\n--- stdout ---\n${result.stdout}`,
    );
  }
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
