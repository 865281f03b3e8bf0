/**
 * `npm run revoke-signer -w @esign/server -- <phone> [--reason keyCompromise]`: revokes every
 * signing key of the account holding <phone> (its own and each company's it signed for) and the
 * certificates its signatures were made under; the platform CA's CRL lists them from then on, and
 * the account signs nothing more. Reasons: the keys of REVOCATION_REASONS (RFC 5280 CRLReason).
 * Uses the server's own configuration (DATABASE_URL, or the embedded database in DATA_DIR — stop
 * the server first then, the embedded database allows one process).
 */
import { withCommandDatabase } from '../operator/command-database';
import { REVOCATION_REASONS, revokeAccountSigners, type RevocationReason } from './revocation';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const phone = args.find((arg, index) => !arg.startsWith('--') && args[index - 1] !== '--reason');
  const reasonAt = args.indexOf('--reason');
  const reason = (reasonAt >= 0 ? args[reasonAt + 1] : 'unspecified') as RevocationReason;
  if (!phone || !(reason in REVOCATION_REASONS)) {
    console.error(
      `Usage: npm run revoke-signer -w @esign/server -- <phone> [--reason ${Object.keys(REVOCATION_REASONS).join('|')}]`,
    );
    process.exitCode = 2;
    return;
  }
  await withCommandDatabase(async (database) => {
    const revoked = await revokeAccountSigners(database, { phone }, reason);
    if (revoked === null) {
      console.error(`No account has the phone ${phone}.`);
      process.exitCode = 1;
    } else if (revoked.length === 0) {
      console.log(`${phone} has never signed: it has no signing key to revoke.`);
    } else {
      for (const { signerId, certificates } of revoked) {
        console.log(`Revoked ${signerId} (${reason}): ${certificates} certificate(s).`);
      }
    }
  });
}

void main();
