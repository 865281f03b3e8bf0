import { describe, expect, it } from 'vitest';
import { localStorage } from '../storage';
import { BACKENDS, useTestServer } from '../test-support/server';
import {
  ADMIN_PHONE,
  PERSON_PHONE,
  sendForSigning,
  signAs,
  signingCast,
} from '../test-support/signing';
import { checkBackup, parseBackupRecord, recordBackup } from './backup-check';

describe.each(BACKENDS)('backup record and check on $name', (backend) => {
  const server = useTestServer(backend);

  it('records every trail’s head and latest file, and finds what a bad restore lost or changed', async () => {
    const cast = await signingCast(server);
    const signed = await sendForSigning(server, cast);
    expect((await signAs(server, cast.admin, ADMIN_PHONE, signed.id)).status).toBe(200);
    expect((await signAs(server, cast.person, PERSON_PHONE, signed.id)).status).toBe(200);
    const other = await sendForSigning(server, cast, { name: 'Another car' });
    const storage = localStorage(server.files);

    const record = await recordBackup(server.database, new Date('2026-12-05T10:00:00Z'));
    expect(parseBackupRecord(JSON.stringify(record))).toEqual(record);
    expect(parseBackupRecord('{"kind":"something else"}')).toBeNull();
    expect(parseBackupRecord('not json')).toBeNull();
    expect(record.digest).toMatch(/^[0-9a-f]{64}$/);
    const head = record.contracts[String(signed.id)]!;
    const [last] = await server.database.query<{ seq: number; hash: string }>(
      'SELECT seq, hash FROM audit_entries WHERE contract_id = $1 ORDER BY seq DESC LIMIT 1',
      [signed.id],
    );
    expect(head).toMatchObject({ seq: last!.seq, hash: last!.hash });
    const [latest] = await server.database.query<{ storage_key: string; sha256: string }>(
      'SELECT storage_key, sha256 FROM contract_files WHERE contract_id = $1 ORDER BY version DESC LIMIT 1',
      [signed.id],
    );
    expect(head).toMatchObject({ file: latest!.storage_key, sha256: latest!.sha256 });

    // A faithful restore passes, also with entries made after the record.
    expect(await checkBackup(server.database, storage, record)).toEqual([]);
    const entries = async () =>
      (
        await server.database.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM audit_entries WHERE contract_id = $1',
          [signed.id],
        )
      )[0]!.n;
    const before = await entries();
    expect((await cast.person.get('contractDownloadTicket', { id: signed.id })).status).toBe(200);
    expect(await entries()).toBeGreaterThan(before);
    expect(await checkBackup(server.database, storage, record)).toEqual([]);

    // A restore that lost the trail's last entries, or changed one, or lost a file, fails.
    const lost = { ...record, contracts: { ...record.contracts } };
    lost.contracts[String(signed.id)] = { ...head, seq: head.seq + 5 };
    expect(await checkBackup(server.database, storage, lost)).toEqual([
      expect.objectContaining({ contractId: String(signed.id), problem: 'headChanged' }),
    ]);
    // Someone with the database's keys changed an entry (the trail's trigger refuses it otherwise).
    await server.database.transaction(async (tx) => {
      await tx.query('ALTER TABLE audit_entries DISABLE TRIGGER audit_entries_append_only');
      await tx.query(
        `UPDATE audit_entries SET details = '{"changed": true}' WHERE contract_id = $1 AND seq = 1`,
        [other.id],
      );
      await tx.query('ALTER TABLE audit_entries ENABLE TRIGGER audit_entries_append_only');
    });
    await storage.remove(head.file!);
    const problems = await checkBackup(server.database, storage, record);
    expect(problems.map(({ contractId, problem }) => [contractId, problem]).sort()).toEqual(
      [
        [String(signed.id), 'missingFile'],
        [String(other.id), 'brokenTrail'],
      ].sort(),
    );
    const missing = { ...record, contracts: { '999999': head } };
    expect(await checkBackup(server.database, storage, missing)).toEqual([
      expect.objectContaining({ contractId: '999999', problem: 'missingContract' }),
    ]);
  });
});
