/**
 * `npm run operator -w @esign/server -- <phone> [--remove]`: makes the existing account holding
 * <phone> a platform operator (who decides manual real-name reviews), or no longer one with
 * --remove. Uses the server's own configuration (DATABASE_URL, or the embedded database in
 * DATA_DIR — stop the server first then, the embedded database allows one process).
 */
import { readConfig } from '../config';
import { migrate, openDatabase } from '../db';
import { setOperator } from './access';

async function main(): Promise<void> {
  // npm runs a workspace's script in the workspace: a relative DATA_DIR (./data by default) means
  // the directory the command was typed in, as for the server started there.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const args = process.argv.slice(2);
  const phone = args.find((arg) => !arg.startsWith('--'));
  const remove = args.includes('--remove');
  if (!phone) {
    console.error('Usage: npm run operator -w @esign/server -- <phone> [--remove]');
    process.exitCode = 2;
    return;
  }
  const config = readConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(database);
    const changed = await setOperator(database, phone, !remove);
    if (changed === 0) {
      console.error(`No account has the phone ${phone}: register it first.`);
      process.exitCode = 1;
    } else {
      console.log(
        `${phone} is ${remove ? 'no longer' : 'now'} a platform operator (${changed} account(s)).`,
      );
    }
  } finally {
    await database.close();
  }
}

void main();
