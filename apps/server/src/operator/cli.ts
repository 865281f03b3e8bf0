/**
 * `npm run operator -w @esign/server -- <phone> [--remove]`: makes the existing account holding
 * <phone> a platform operator (who decides manual real-name reviews), or no longer one with
 * --remove. `npm run operator -w @esign/server -- invoices …`: the invoice requests waiting for an
 * operator, issued, rejected or mailed (invoices/operator-command.ts); `… -- gift …`: signings or
 * evidence report copies the platform gives a console (fees/operator-command.ts); `… --
 * hardware-keys …`: hardware key applications, as the key vendor moves them
 * (certificates/operator-command.ts). Uses the server's own
 * configuration (DATABASE_URL, or the embedded database in DATA_DIR — stop the server first then,
 * the embedded database allows one process).
 */
import { readConfig } from '../config';
import type { Database } from '../db';
import {
  INVOICE_COMMANDS,
  INVOICE_USAGE,
  commandInvoiceIssuer,
  runInvoiceCommand,
} from '../invoices/operator-command';
import { GIFT_COMMANDS, GIFT_USAGE, runGiftCommand } from '../fees/operator-command';
import {
  HARDWARE_KEY_COMMANDS,
  HARDWARE_KEY_USAGE,
  runHardwareKeyCommand,
} from '../certificates/operator-command';
import { readFile, writeFile } from 'node:fs/promises';
import { configuredStorage } from '../storage-config';
import { setOperator } from './access';
import {
  BACKUP_COMMANDS,
  BACKUP_USAGE,
  checkBackup,
  parseBackupRecord,
  recordBackup,
} from './backup-check';
import { withCommandDatabase } from './command-database';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (INVOICE_COMMANDS.includes(args[0] ?? '')) {
    await withCommandDatabase(async (database) => {
      process.exitCode = await runInvoiceCommand(database, args, {
        issuer: commandInvoiceIssuer(readConfig().production),
      });
    });
    return;
  }
  if (GIFT_COMMANDS.includes(args[0] ?? '')) {
    await withCommandDatabase(async (database) => {
      process.exitCode = await runGiftCommand(database, args);
    });
    return;
  }
  if (HARDWARE_KEY_COMMANDS.includes(args[0] ?? '')) {
    await withCommandDatabase(async (database) => {
      process.exitCode = await runHardwareKeyCommand(database, args);
    });
    return;
  }
  if (BACKUP_COMMANDS.includes(args[0] ?? '')) {
    await withCommandDatabase(async (database) => {
      process.exitCode = await runBackupCommand(database, args);
    });
    return;
  }
  const phone = args.find((arg) => !arg.startsWith('--'));
  const remove = args.includes('--remove');
  if (!phone) {
    console.error('Usage: npm run operator -w @esign/server -- <phone> [--remove]');
    console.error(INVOICE_USAGE);
    console.error(GIFT_USAGE);
    console.error(HARDWARE_KEY_USAGE);
    console.error(BACKUP_USAGE);
    process.exitCode = 2;
    return;
  }
  await withCommandDatabase(async (database) => {
    const changed = await setOperator(database, phone, !remove);
    if (changed === 0) {
      console.error(`No account has the phone ${phone}: register it first.`);
      process.exitCode = 1;
    } else {
      console.log(
        `${phone} is ${remove ? 'no longer' : 'now'} a platform operator (${changed} account(s)).`,
      );
    }
  });
}

/** backup-record <file> / backup-check <file>: gives the exit code (0 done, 1 problems, 2 misused). */
async function runBackupCommand(database: Database, args: readonly string[]): Promise<number> {
  const [command, file] = args;
  if (!file) {
    console.error(BACKUP_USAGE);
    return 2;
  }
  if (command === 'backup-record') {
    const record = await recordBackup(database);
    await writeFile(file, `${JSON.stringify(record, null, 2)}\n`);
    console.log(
      `${Object.keys(record.contracts).length} contracts recorded in ${file} (digest ${record.digest})`,
    );
    return 0;
  }
  const record = parseBackupRecord(await readFile(file, 'utf8').catch(() => ''));
  if (!record) {
    console.error(`${file} is not a record written by backup-record`);
    return 2;
  }
  const problems = await checkBackup(database, await configuredStorage(readConfig()), record);
  for (const { contractId, problem, detail } of problems) {
    console.error(`contract ${contractId}: ${problem} (${detail})`);
  }
  const checked = Object.keys(record.contracts).length;
  console.log(
    problems.length === 0
      ? `${checked} contracts as recorded at ${record.recordedAt}: every trail and file is whole`
      : `${problems.length} of ${checked} contracts differ from the record of ${record.recordedAt}`,
  );
  return problems.length === 0 ? 0 : 1;
}

void main();
