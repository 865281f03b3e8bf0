/**
 * The project's Node floor holds for everything `npm ci` installs: a package whose engines leave
 * out the floor makes `npm ci` warn (EBADENGINE) and may use what that Node lacks. The floor is
 * the root package.json's `engines.node`; every package in the lock file that npm installs must
 * accept its lowest version of each line it names.
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);
const readJson = (name: string): unknown => JSON.parse(readFileSync(new URL(name, root), 'utf8'));

interface Lock {
  packages: Record<
    string,
    { version?: string; optional?: boolean; engines?: { node?: string } | string[] }
  >;
}

describe('the Node versions the project supports', () => {
  const floor = (readJson('package.json') as { engines: { node: string } }).engines.node;
  // The lowest version of each line the project claims, e.g. 20.19.0 and 22.12.0.
  const lowest = floor.split('||').map((range) => semver.minVersion(range.trim())!.version);

  it('names a floor of Node 20.19 and 22.13 (ESLint 10 needs 22.13 on the 22 line)', () => {
    expect(lowest).toEqual(['20.19.0', '22.13.0']);
  });

  it('are accepted by every package npm ci installs (no EBADENGINE warning)', () => {
    const lock = readJson('package-lock.json') as Lock;
    const refused: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      // npm skips an optional package (another platform's binary) whose engines refuse, silently.
      if (!path || !wanted || entry.optional) continue;
      for (const version of lowest) {
        if (!semver.satisfies(version, wanted, { includePrerelease: true }))
          refused.push(`${path}@${entry.version ?? '?'} needs node ${wanted}, not ${version}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
