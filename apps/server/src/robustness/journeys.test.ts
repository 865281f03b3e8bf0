import { describe, expect, it } from 'vitest';
import { createRecorder, prepareWorld, runJourney, runMixedLoad } from '../../bench/journeys.mjs';
import { BACKENDS, useTestServer } from '../test-support/server';

// The journeys of the whole-process benches (bench/journeys.mjs: the memory report, the load
// through a proxy) use the API as any client does: when the API changes under them, this fails
// here rather than in `npm run bench`.
describe.each(BACKENDS)('the benches’ journeys on $name', (backend) => {
  // The journeys' people each send their own address, as behind a proxy.
  const server = useTestServer(backend, { trustProxy: true });

  it('take a contract from an uploaded PDF to both signatures, over HTTP only', async () => {
    const world = await prepareWorld(server.base, { people: 2 });
    const recorder = createRecorder();
    const id = await runJourney(world, recorder);
    expect(recorder.errorSamples).toEqual([]);
    const [contract] = await server.database.query<{ status: string; signed: number }>(
      `SELECT c.status, count(p.signed_at)::int AS signed FROM contracts c
       JOIN contract_participants p ON p.contract_id = c.id WHERE c.id = $1 GROUP BY c.status`,
      [id],
    );
    expect(contract).toEqual({ status: 'completed', signed: 2 });
    // Every kind of request a person makes was made and timed.
    for (const kind of ['login', 'code', 'list', 'detail', 'initiate', 'fill', 'seal', 'sign']) {
      expect(recorder.byKind[kind as keyof typeof recorder.byKind].length, kind).toBeGreaterThan(0);
    }
  }, 120_000);

  it('run on several workers within the SMS limits, with no error', async () => {
    const result = await runMixedLoad({ base: server.base, rounds: 4, concurrency: 2 });
    expect(result.errorSamples).toEqual([]);
    expect(result).toMatchObject({ journeys: 4, completed: 4, errors: 0 });
    // Two signatures a journey; no code was refused for coming too soon or too often.
    expect(result.byKind.sign).toHaveLength(8);
  }, 180_000);
});
