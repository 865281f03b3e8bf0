import { readConfig } from '../config';
import { migrate, openDatabase, type Database } from '../db';

/**
 * Runs an operator's command on the server's own database (DATABASE_URL, or the embedded one in
 * DATA_DIR — stop the server first then: the embedded database allows one process), migrated,
 * and closes it. npm runs a workspace's script in the workspace: a relative DATA_DIR (./data by
 * default) means the directory the command was typed in, as for the server started there.
 */
export async function withCommandDatabase(work: (database: Database) => Promise<void>) {
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const config = readConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(database);
    await work(database);
  } finally {
    await database.close();
  }
}
