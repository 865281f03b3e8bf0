/**
 * The evidence report's PDF, before the platform signs it: every label in English and Chinese
 * (a reader of either language reads all of it; names and values as the parties wrote them), set
 * with `ReportLayout` in Noto Sans SC. Sections: the report; the contract and its parties; its
 * documents and every version's SHA-256; each party's verification and events; each signature's
 * certificate and time; the whole audit trail with each entry's hash and the chain's head; the
 * ledger anchor (blockchain kind); how to verify, with a QR code of the public verification link.
 * The trail's canonical JSON, one entry a line, is attached to the file (`audit-trail.jsonl`)
 * with the report's summary (`evidence-report.json`), so that a program recomputes the chain
 * from the report alone.
 */
import type {
  AuditAction,
  EvidenceReportAddress,
  EvidenceReportKind,
  EvidenceReportSummary,
} from '@esign/platform';
import { canonicalAuditJson } from '../audit/audit-trail';
import type { TrueTypeFont } from '../editor-pdf';
import type { LedgerAnchor } from '../providers/ledger/provider';
import type { EvidenceFacts, CompanyAuthMethod, RealNameMethod } from './facts';
import { COLORS, ReportLayout } from './layout';

/** What the report says about itself. */
export interface ReportHead {
  number: string;
  kind: EvidenceReportKind;
  appliedAt: Date;
  issuedAt: Date;
  applicantName: string;
  /** The console it was applied for in: a company's name, or the person's. */
  consoleName: string;
  address: EvidenceReportAddress | null;
  anchor: LedgerAnchor | null;
  /** The public verification page's full link (with the report's id and token). */
  verifyUrl: string;
}

const KINDS: Record<EvidenceReportKind, string> = {
  electronic: 'Electronic 电子出证',
  blockchain: 'Blockchain 区块链出证',
  paper: 'Paper (posted) 纸质出证（邮寄）',
  local: 'Local (collected in person) 本地出证（现场领取）',
};

const ACTIONS: Record<string, string> = {
  create: 'Created 创建',
  view: 'Viewed 查看',
  download: 'Downloaded 下载',
  signing_link: 'Signing link issued 生成签署链接',
  fill: 'Filled in 填写',
  sign: 'Signed 签署',
  refuse: 'Refused 拒签',
  urge: 'Urged 催办',
  withdraw: 'Withdrew 撤回',
  remove: 'Removed 删除',
  rescind: 'Rescinded 解约',
  expire: 'Expired 过期',
  apply_signing: 'Applied to sign 申请签署',
  approve: 'Approved 审批通过',
  reject_approval: 'Rejected approval 审批驳回',
  approve_initiation: 'Approved (before initiating) 审批通过（发起前）',
};

const REAL_NAME: Record<RealNameMethod, string> = {
  phone: 'Phone, name and ID number (three elements) 手机号三要素',
  face: 'Face recognition 人脸识别',
  bankCard: 'Bank card (four elements) 银行卡四要素',
  manual: 'Manual review of the ID card 人工审核身份证',
};

const COMPANY_AUTH: Record<CompanyAuthMethod, string> = {
  legal: 'Legal representative’s verification 法定代表人认证',
  payment: 'Micro-payment to the company’s account 对公账户打款',
  letter: 'Signed authorisation letter, reviewed 授权书审核',
  face: 'Legal representative’s face recognition 法定代表人人脸识别',
};

const STATUS: Record<string, string> = {
  completed: 'Completed 已完成',
  cancelled: 'Rescinded 已解约',
};

/** `2026-11-24 06:16:42 UTC` */
export function utc(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

const partyLabel = (party: string) =>
  `Party ${party} ${'甲乙丙丁戊己庚辛壬癸'['ABCDEFGHIJ'.indexOf(party)] ?? ''}方`;

/** The report's pages, unsigned, with its attachments. */
export async function writeReportPdf(
  font: TrueTypeFont,
  head: ReportHead,
  facts: EvidenceFacts,
  /** The summary the verification page reads (attached; the report's own hash comes later). */
  summary: Omit<EvidenceReportSummary, 'reportSha256'>,
): Promise<Uint8Array> {
  const layout = new ReportLayout(font);
  const { contract } = facts;

  // ---- The report ----
  layout.text('Evidence Report  存证报告', {
    size: 20,
    bold: true,
    color: COLORS.heading,
    after: 2,
  });
  layout.text('eSign electronic contract platform | 电子合同签署平台', {
    size: 9,
    color: COLORS.muted,
    after: 8,
  });
  layout.field('Report number 报告编号', head.number);
  layout.field('Kind 出证类型', KINDS[head.kind]);
  layout.field('Applied for 申请时间', utc(head.appliedAt));
  layout.field('Issued 出具时间', utc(head.issuedAt));
  layout.field('Applicant 申请人', `${head.applicantName} (${head.consoleName})`);
  if (head.address) {
    layout.field(
      'Posted to 邮寄地址',
      `${head.address.name}, ${head.address.phone}, ${head.address.address}`,
    );
  }
  layout.space(6);
  layout.text(
    'This report was written and digitally signed (PAdES, with a trusted timestamp) by the platform. ' +
      'It states the hash of every version of the contract’s PDF, each party’s verification and events, ' +
      'each signature’s certificate and the whole hash-chained audit trail. Any change to this file breaks its signature. ' +
      'Section 7 says how to check it without the platform.',
    { size: 8.5, color: COLORS.muted, after: 2 },
  );
  layout.text(
    '本报告由平台出具并加盖数字签名（PAdES，含可信时间戳），载明合同 PDF 每个版本的哈希值、各签署方的认证方式与操作记录、' +
      '每个签名的证书以及完整的哈希链审计记录。对本文件的任何改动都会使其签名失效。第 7 节说明如何不依赖平台自行核验。',
    { size: 8.5, color: COLORS.muted },
  );

  // ---- 1. The contract ----
  layout.heading('1. Contract 合同');
  layout.field('Contract number 合同编号', contract.number);
  layout.field('Contract name 合同名称', contract.name);
  layout.field('Status 状态', STATUS[contract.status] ?? contract.status);
  layout.field(
    'Initiated 发起',
    `${utc(contract.createdAt)} | ${contract.initiatorName}${
      contract.initiatorCompany ? ` (${contract.initiatorCompany})` : ''
    }`,
  );
  if (contract.completedAt) layout.field('Completed 完成', utc(contract.completedAt));
  layout.space(3);
  layout.row(
    [
      { text: 'Party 签署方', width: 0.16, color: COLORS.muted },
      { text: 'Name 名称', width: 0.44, color: COLORS.muted },
      { text: 'Signer 签署人', width: 0.2, color: COLORS.muted },
      { text: 'Phone 手机号', width: 0.2, color: COLORS.muted },
    ],
    { size: 8 },
  );
  for (const party of facts.parties) {
    layout.row([
      { text: partyLabel(party.party), width: 0.16 },
      { text: party.companyName ? `${party.companyName}` : party.name, width: 0.44 },
      { text: party.signerName ?? party.name, width: 0.2 },
      { text: party.phone, width: 0.2 },
    ]);
  }

  // ---- 2. Documents ----
  layout.heading('2. Documents and versions 文件与版本');
  layout.text(
    'SHA-256 of each file, lowercase hex. Version 0 is the document as the parties filled it in; each signature ' +
      'appended one incremental update, making the next version. The last version is the signed contract. ' +
      '各文件的 SHA-256（小写十六进制）。版本 0 为各方填写后的文件；每次签署追加一次增量更新，形成下一版本；最后一个版本即签署完成的合同。',
    { size: 8, color: COLORS.muted },
  );
  if (facts.documentSha256) {
    layout.field('Original document 原始文件', facts.documentSha256, { size: 8 });
  }
  for (const version of facts.versions) {
    const last = version.version === facts.versions.at(-1)!.version;
    const what =
      version.version === 0
        ? 'Filled document 填写后文件'
        : `After ${partyLabel(version.party ?? '?')} signed ${last ? '· final signed PDF 最终签署文件' : '签署后'}`;
    layout.field(
      `Version ${version.version} 版本 ${version.version}`,
      `${what}\n${utc(version.createdAt)} | ${version.size} bytes 字节\n${version.sha256}`,
      { size: 8 },
    );
  }

  // ---- 3. Parties ----
  layout.heading('3. Parties: verification and events 签署方认证与操作记录');
  for (const party of facts.parties) {
    layout.ensure(90);
    layout.text(
      `${partyLabel(party.party)} | ${party.companyName ? `${party.companyName} | ` : ''}${party.signerName ?? party.name}`,
      { size: 10, bold: true, after: 2 },
    );
    layout.field(
      'Real-name verification 实名认证',
      party.realName
        ? party.realName.method
          ? `${REAL_NAME[party.realName.method]}${party.realName.verifiedAt ? ` | ${utc(party.realName.verifiedAt)}` : ''}`
          : 'Verified (method not recorded) 已认证（未记录方式）'
        : 'Not verified 未认证',
      { indent: 10 },
    );
    if (party.company) {
      layout.field(
        'Company verification 企业认证',
        party.company.verified
          ? party.company.method
            ? `${COMPANY_AUTH[party.company.method]}`
            : 'Verified (method not recorded) 已认证（未记录方式）'
          : 'Not verified on the platform 未在平台认证',
        { indent: 10 },
      );
    }
    layout.field(
      'Signing verification 签署意愿认证',
      party.confirmedBy === 'sms'
        ? 'SMS code to the signer’s phone 短信验证码'
        : party.confirmedBy === 'face'
          ? 'Face recognition 人脸识别'
          : party.signs
            ? 'Not recorded 未记录'
            : 'Does not sign 无需签署',
      { indent: 10 },
    );
    if (party.signedAt) layout.field('Signed 签署时间', utc(party.signedAt), { indent: 10 });
    layout.space(2);
    layout.row(
      [
        { text: 'Time 时间', width: 0.25, color: COLORS.muted },
        { text: 'Event 操作', width: 0.17, color: COLORS.muted },
        { text: 'IP address 地址', width: 0.16, color: COLORS.muted },
        { text: 'Device 设备', width: 0.42, color: COLORS.muted },
      ],
      { size: 7.5, indent: 10 },
    );
    if (party.events.length === 0) {
      layout.text('No event of this party’s account 无该签署方账户的操作记录', {
        size: 7.5,
        indent: 10,
        color: COLORS.muted,
      });
    }
    for (const event of party.events) {
      layout.row(
        [
          { text: `#${event.seq} ${utc(event.at)}`, width: 0.25 },
          { text: ACTIONS[event.action] ?? event.action, width: 0.17 },
          { text: event.ip ?? '—', width: 0.16 },
          { text: event.device ?? 'Not recorded 未记录', width: 0.42 },
        ],
        { size: 7.5, indent: 10, after: 1 },
      );
    }
    layout.space(6);
  }

  // ---- 4. Signatures ----
  layout.heading('4. Digital signatures 数字签名');
  layout.text(
    'Read from the signed contract PDF (the last version); each verified at issuance with poppler’s pdfsig, the platform’s certificate authority trusted. ' +
      '读取自签署完成的合同 PDF（最后一个版本），出具时已用 pdfsig 核验（信任平台证书颁发机构）。',
    { size: 8, color: COLORS.muted },
  );
  for (const signature of facts.signatures) {
    layout.ensure(80);
    layout.text(
      `#${signature.index} ${signature.party ? partyLabel(signature.party) : ''} | ${signature.certificate.commonName}`,
      { size: 9.5, bold: true, after: 1 },
    );
    const { certificate } = signature;
    layout.field('Subject 证书主体', certificate.subject, { size: 8, indent: 10 });
    layout.field('Issuer 颁发者', certificate.issuer, { size: 8, indent: 10 });
    layout.field('Serial number 序列号', certificate.serial, { size: 8, indent: 10 });
    layout.field(
      'Validity 有效期',
      `${utc(certificate.notBefore)} – ${utc(certificate.notAfter)}`,
      { size: 8, indent: 10 },
    );
    if (signature.signedAt) {
      layout.field('Signing time 签署时间', utc(signature.signedAt), { size: 8, indent: 10 });
    }
    layout.field(
      'Timestamp 可信时间戳',
      signature.timestampedAt ? utc(signature.timestampedAt) : 'None 无',
      { size: 8, indent: 10 },
    );
    const good = signature.verified.valid && signature.verified.trusted;
    layout.row(
      [
        { text: 'Verified 核验结果', width: 0.3, color: COLORS.muted },
        {
          text: good
            ? 'Valid and trusted 有效且受信任'
            : `${signature.verified.signatureStatus} ${signature.verified.certificateStatus}`,
          width: 0.7,
          color: good ? COLORS.good : COLORS.bad,
        },
      ],
      { size: 8, indent: 10, after: 6 },
    );
  }

  // ---- 5. Audit trail ----
  layout.heading('5. Audit trail 审计记录');
  layout.text(
    'Each entry’s hash is the SHA-256 of its canonical JSON: the members action, actor_user_id, at, company_id, contract_id, details, ' +
      'document_sha256, ip, prev_hash, seq, tenant_id; keys sorted at every depth; no whitespace; ids and seq as numbers; ' +
      'at in ISO 8601 UTC with milliseconds. Each entry names the hash of the one before (prev_hash); the last hash is the chain’s head. ' +
      'The canonical JSON of every entry, one a line, is attached to this PDF as audit-trail.jsonl.',
    { size: 8, color: COLORS.muted, after: 2 },
  );
  layout.text(
    '每条记录的哈希为其规范 JSON 的 SHA-256：成员按键名排序（各层），无空白，编号与 seq 为数字，at 为带毫秒的 UTC ISO 8601 时间。' +
      '每条记录载明上一条记录的哈希（prev_hash），最后一条的哈希即哈希链头。全部记录的规范 JSON（每行一条）作为附件 audit-trail.jsonl 附于本 PDF。',
    { size: 8, color: COLORS.muted },
  );
  for (const entry of facts.trail.entries) {
    layout.ensure(44);
    const who = entry.actorUserId === null ? 'The platform 平台' : (entry.actorName ?? '—');
    layout.row(
      [
        { text: `#${entry.seq}`, width: 0.06, bold: true },
        { text: entry.at.toISOString(), width: 0.27 },
        { text: ACTIONS[entry.action as AuditAction] ?? entry.action, width: 0.2 },
        {
          text: `${who}${entry.companyName ? ` (${entry.companyName})` : ''}${entry.ip ? ` | ${entry.ip}` : ''}`,
          width: 0.47,
        },
      ],
      { size: 8, after: 0 },
    );
    layout.row(
      [
        { text: '', width: 0.06 },
        { text: 'document 文件', width: 0.16, color: COLORS.muted },
        { text: entry.documentSha256, width: 0.78 },
      ],
      { size: 7, after: 0 },
    );
    layout.row(
      [
        { text: '', width: 0.06 },
        { text: 'hash 哈希', width: 0.16, color: COLORS.muted },
        { text: entry.hash, width: 0.78 },
      ],
      { size: 7, after: 4 },
    );
  }
  layout.space(4);
  layout.field(
    'Chain 哈希链',
    facts.trail.intact
      ? `Intact: ${facts.trail.entries.length} entries, each hash recomputed and linked 完整：共 ${facts.trail.entries.length} 条，逐条重新计算并链接`
      : `Broken at entry ${facts.trail.brokenAt} 在第 ${facts.trail.brokenAt} 条断开`,
  );
  layout.row(
    [
      { text: 'Chain head 哈希链头', width: 0.3, bold: true },
      { text: `${facts.trail.head} (#${facts.trail.entries.length})`, width: 0.7, bold: true },
    ],
    { size: 9 },
  );

  // ---- 6. Ledger ----
  if (head.anchor) {
    layout.heading('6. Blockchain anchor 区块链存证', 110);
    layout.field('Ledger 账本', head.anchor.ledger);
    if (head.anchor.development) {
      layout.text(
        'Development ledger — not a blockchain: the anchor is a record in the platform’s own database. ' +
          '开发环境账本——并非区块链：存证为平台自身数据库中的记录。',
        { size: 8.5, color: COLORS.bad },
      );
    }
    layout.field('Transaction 交易', head.anchor.transactionId);
    layout.field('Anchored digest 存证摘要', head.anchor.digest);
    layout.field('Anchored 存证时间', utc(head.anchor.anchoredAt));
  }

  // ---- 7. Verification ----
  layout.heading(`${head.anchor ? '7' : '6'}. Verification 核验`, 150);
  layout.qr(head.verifyUrl, 96, [
    'Scan or open the link to check a contract PDF against this report (the file is hashed in your browser, never uploaded):',
    '扫码或打开链接，即可将合同 PDF 与本报告比对（文件仅在浏览器中计算哈希，不会上传）：',
    head.verifyUrl,
  ]);
  layout.text('By hand 自行核验:', { size: 8.5, bold: true, after: 1 });
  for (const step of [
    `1. sha256sum "${contract.name} ${contract.number}.pdf" — equals the last version’s hash above 应等于上文最后一个版本的哈希`,
    '2. pdfsig <this report>.pdf — the report’s own signature is valid (trust the platform’s CA) 本报告的签名有效（信任平台 CA）',
    '3. pdfdetach -save 1 <this report>.pdf — audit-trail.jsonl: sha256 of each line equals its entry’s hash, each prev_hash the hash before, the last the chain head 每行的 sha256 等于该条哈希，prev_hash 逐条相连，最后一条即哈希链头',
  ]) {
    layout.text(step, { size: 8, indent: 8, after: 1 });
  }

  const doc = await layout.render(
    (page, pages) => `${head.number} | page ${page} of ${pages} | 第 ${page} 页 / 共 ${pages} 页`,
  );
  doc.setTitle(`Evidence report ${head.number} | ${contract.name} (${contract.number})`);
  doc.setSubject(`Evidence report of contract ${contract.number} 合同存证报告`);
  doc.setAuthor('eSign');
  doc.setCreator('eSign evidence reports');
  doc.setProducer('eSign');
  doc.setCreationDate(head.issuedAt);
  doc.setModificationDate(head.issuedAt);
  await doc.attach(
    Buffer.from(
      `${facts.trail.entries.map((entry) => canonicalAuditJson(entry)).join('\n')}\n`,
      'utf8',
    ),
    'audit-trail.jsonl',
    {
      mimeType: 'application/jsonl',
      description:
        'The audit trail: each entry’s canonical JSON, one a line (sha256 of a line = its hash)',
      creationDate: head.issuedAt,
      modificationDate: head.issuedAt,
    },
  );
  await doc.attach(
    Buffer.from(`${JSON.stringify(summary, null, 2)}\n`, 'utf8'),
    'evidence-report.json',
    {
      mimeType: 'application/json',
      description: 'The report’s facts for programs: versions, chain head, anchor',
      creationDate: head.issuedAt,
      modificationDate: head.issuedAt,
    },
  );
  return doc.save({ useObjectStreams: false });
}
