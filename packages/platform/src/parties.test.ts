import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { contractPartiesSchema } from './contract-create';
import { participantsSchema } from './templates';

/** The message keys and paths a parties list is refused with. */
function refusals(schema: z.ZodMiniType, list: unknown) {
  const result = z.safeParse(schema, list);
  return result.success ? [] : result.error.issues.map(({ path, message }) => ({ path, message }));
}

describe('a list of parties', () => {
  it('names each party once, in templates and in contracts', () => {
    expect(
      refusals(participantsSchema, [
        { party: 'A', name: '', sign: true, fill: false },
        { party: 'A', name: '', sign: true, fill: true },
      ]),
    ).toEqual([{ path: [1, 'party'], message: 'participantDuplicate' }]);
    expect(
      refusals(contractPartiesSchema, [
        { party: 'B', name: 'Bob', phone: '13900000001' },
        { party: 'B', name: 'Ann', phone: '13900000002' },
      ]),
    ).toEqual([{ path: [1, 'party'], message: 'participantDuplicate' }]);
    expect(
      refusals(contractPartiesSchema, [
        { party: 'A', name: 'Bob', phone: '13900000001' },
        { party: 'B', name: 'Ann', phone: '13900000002' },
      ]),
    ).toEqual([]);
  });
});
