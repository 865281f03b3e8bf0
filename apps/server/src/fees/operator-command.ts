/**
 * The operator command's gift subcommand (`npm run operator -w @esign/server -- gift …`): the
 * platform gives a console signings or evidence report copies, valid for some days, with a note
 * the fee center's Gifts list shows. Kept apart from the command's entry (operator/cli.ts) so
 * that tests run it on both databases.
 */
import type { FeeUnit } from '@esign/platform';
import type { Database } from '../db';

export const GIFT_COMMANDS = ['gift'];

export const GIFT_USAGE = `Gifts (npm run operator -w @esign/server -- …):
  gift (--phone <phone> | --company <full name>) (--signings <n> | --evidence <n>)
       [--days <n, default 365>] [--note <text>] [--tenant <id, default 000000>]
      give a person's console (by the account's phone) or a company's (by its full name)
      n signings or evidence report copies (1–100,000), valid n days from now (1–3,650)`;

const option = (args: readonly string[], name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};

const whole = (text: string | undefined, max: number) =>
  text !== undefined && /^\d{1,7}$/.test(text) && Number(text) >= 1 && Number(text) <= max
    ? Number(text)
    : null;

/**
 * Runs the gift subcommand; gives the exit code (0 done, 1 refused, 2 misused). Lines for the
 * operator go to `out`, problems to `problem`.
 */
export async function runGiftCommand(
  database: Database,
  args: readonly string[],
  {
    now = new Date(),
    out = console.log,
    problem = console.error,
  }: { now?: Date; out?: (line: string) => void; problem?: (line: string) => void } = {},
): Promise<number> {
  const phone = option(args, '--phone');
  const company = option(args, '--company');
  const signings = option(args, '--signings');
  const evidence = option(args, '--evidence');
  const tenant = option(args, '--tenant') ?? '000000';
  const days = whole(option(args, '--days') ?? '365', 3_650);
  const note = (option(args, '--note') ?? '').slice(0, 200);
  const unit: FeeUnit | null =
    signings !== undefined && evidence === undefined
      ? 'signing'
      : evidence !== undefined && signings === undefined
        ? 'evidence'
        : null;
  const count = whole(unit === 'signing' ? signings : evidence, 100_000);
  if ((phone === undefined) === (company === undefined) || !unit || count === null || !days) {
    problem(GIFT_USAGE);
    return 2;
  }
  const [owner] = phone
    ? await database.query<{ id: string }>(
        'SELECT id FROM users WHERE tenant_id = $1 AND phone = $2',
        [tenant, phone],
      )
    : await database.query<{ id: string }>(
        'SELECT id FROM companies WHERE tenant_id = $1 AND full_name = $2',
        [tenant, company],
      );
  if (!owner) {
    problem(
      phone
        ? `No account of tenant ${tenant} has the phone ${phone}.`
        : `No company of tenant ${tenant} is named ${company}.`,
    );
    return 1;
  }
  const consoleKey = `${phone ? 'u' : 'c'}${owner.id}`;
  const expiresAt = new Date(now.getTime() + days * 86_400_000);
  const [gift] = await database.query<{ id: string }>(
    `INSERT INTO fee_gifts (tenant_id, console_key, unit, reason, note, total, granted_at, expires_at)
     VALUES ($1, $2, $3, 'operator', $4, $5, $6, $7) RETURNING id`,
    [tenant, consoleKey, unit, note, count, now, expiresAt],
  );
  out(
    `Gift ${gift!.id}: ${count} ${unit === 'signing' ? 'signings' : 'evidence report copies'} to ${
      phone ? `the personal console of ${phone}` : company
    }, valid until ${expiresAt.toISOString()}.`,
  );
  return 0;
}
