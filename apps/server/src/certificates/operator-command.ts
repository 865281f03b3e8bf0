/**
 * The operator command's hardware key subcommands (`npm run operator -w @esign/server -- …`): the
 * applications waiting for the key vendor, and the vendor's moves on one — issue (the key is made
 * with the company's certificate), ship (with the courier's tracking number), reject (with the
 * reason). Kept apart from the command's entry (operator/cli.ts) so that tests run it on both
 * databases.
 */
import type { HardwareKeyEvent } from '@esign/platform';
import type { Database } from '../db';
import { ApiError } from '../http/route';
import { advanceHardwareKey, waitingHardwareKeyApplications } from './hardware-keys';

export const HARDWARE_KEY_COMMANDS = [
  'hardware-keys',
  'hardware-key-issue',
  'hardware-key-ship',
  'hardware-key-reject',
];

export const HARDWARE_KEY_USAGE = `Hardware key applications (npm run operator -w @esign/server -- …):
  hardware-keys   those waiting for the key vendor (applied, or issued and not shipped)
  hardware-key-issue <id>   the keys are made with the company's certificate in them
  hardware-key-ship <id> --tracking <courier tracking number>   handed to the courier
  hardware-key-reject <id> --reason <why>   rejected (only while applied)`;

const option = (args: readonly string[], name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};

const EVENTS: Record<string, HardwareKeyEvent> = {
  'hardware-key-issue': 'issue',
  'hardware-key-ship': 'ship',
  'hardware-key-reject': 'reject',
};

/** Runs one subcommand; gives the exit code (0 done, 1 refused, 2 misused). */
export async function runHardwareKeyCommand(
  database: Database,
  args: readonly string[],
  {
    out = console.log,
    problem = console.error,
  }: { out?: (line: string) => void; problem?: (line: string) => void } = {},
): Promise<number> {
  const [command, target] = args;
  if (command === 'hardware-keys') {
    const waiting = await waitingHardwareKeyApplications(database);
    if (waiting.length === 0) out('No hardware key applications waiting.');
    for (const application of waiting) {
      out(
        [
          `#${application.id}`,
          application.number,
          application.appliedAt,
          application.status,
          application.companyName,
          `${application.quantity} key(s)`,
          `to ${application.contactName} ${application.phone} ${application.address}`,
          application.remark,
        ]
          .filter(Boolean)
          .join('  '),
      );
    }
    return 0;
  }
  const event = EVENTS[command ?? ''];
  const id = Number(target);
  const tracking = option(args, '--tracking');
  const reason = option(args, '--reason');
  if (
    !event ||
    !Number.isSafeInteger(id) ||
    id < 1 ||
    (event === 'ship' && !tracking?.trim()) ||
    (event === 'reject' && !reason?.trim())
  ) {
    problem(HARDWARE_KEY_USAGE);
    return 2;
  }
  try {
    const moved = await advanceHardwareKey(database, id, {
      event,
      trackingNumber: tracking,
      reason,
    });
    out(`${moved.number} is now ${moved.status}.`);
    return 0;
  } catch (error) {
    if (error instanceof ApiError) {
      problem(
        error.text === 'notFound'
          ? `No hardware key application #${id}.`
          : `Application #${id} cannot be moved that way in its state.`,
      );
      return 1;
    }
    throw error;
  }
}
