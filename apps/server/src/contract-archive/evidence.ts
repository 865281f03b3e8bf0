import type { ContractAttestation, Locale } from '@esign/platform';

/**
 * The audit trail as a person reads it, for the evidence ZIP: the contract, the PDF's SHA-256 (the
 * last entry's document hash matches it), each entry in order, and the hash chain's verdict. The
 * JSON beside it carries every field for a program.
 */
export function evidenceText(
  contract: { number: string; name: string },
  pdfName: string,
  sha256: string,
  trail: ContractAttestation,
  locale: Locale,
): string {
  const zh = locale === 'zh';
  const lines = [
    zh
      ? `合同：${contract.name}（${contract.number}）`
      : `Contract: ${contract.name} (${contract.number})`,
    zh ? `文件：${pdfName}` : `File: ${pdfName}`,
    `SHA-256: ${sha256}`,
    trail.chain.intact
      ? zh
        ? '审计记录的哈希链完整'
        : 'The audit trail’s hash chain is intact'
      : zh
        ? `审计记录的哈希链在第 ${trail.chain.brokenAt} 条断开（${trail.chain.problem}）`
        : `The audit trail’s hash chain breaks at entry ${trail.chain.brokenAt} (${trail.chain.problem})`,
    '',
  ];
  for (const entry of trail.entries) {
    const who = [entry.actorName, entry.actorPhone, entry.companyName].filter(Boolean).join(', ');
    lines.push(
      `${entry.seq}. ${entry.at} ${entry.action}${who ? ` — ${who}` : ''}${entry.ip ? ` (${entry.ip})` : ''}`,
      `   document ${entry.documentSha256}`,
      `   hash ${entry.hash}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
