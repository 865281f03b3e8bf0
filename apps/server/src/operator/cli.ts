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
import { setOperator } from './access';
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
  const phone = args.find((arg) => !arg.startsWith('--'));
  const remove = args.includes('--remove');
  if (!phone) {
    console.error('Usage: npm run operator -w @esign/server -- <phone> [--remove]');
    console.error(INVOICE_USAGE);
    console.error(GIFT_USAGE);
    console.error(HARDWARE_KEY_USAGE);
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

void main();
