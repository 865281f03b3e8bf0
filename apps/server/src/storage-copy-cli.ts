/**
 * `npm run storage:to-s3 -w @esign/server [-- --verify]`: copies the files of DATA_DIR/files into
 * the bucket the S3_* variables name and checks each by its SHA-256 read back from the bucket (with
 * --verify, only checks). Files already there with the same hash are skipped, so it can be run
 * again; it exits 1 when a file differs, is missing or failed (storage-copy.ts).
 */
import { runStorageCopyCommand } from './storage-copy';

process.exitCode = await runStorageCopyCommand(process.argv.slice(2), process.env);
