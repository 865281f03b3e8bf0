/**
 * What holds of one signature, said in the reader's language: pdfsig's own words ("Certificate is
 * Trusted.") are true only of the server's check, which trusts the platform's authority; Acrobat,
 * pdfsig and every other reader outside the platform call that issuer unknown until it is added.
 */
import type { Locale } from '@esign/platform';
import type { VerifiedSignature } from '../signing/verify';

export function signatureWords(
  signature: Pick<VerifiedSignature, 'valid' | 'trusted'>,
  issuer: string,
  locale: Locale,
): string {
  const zh = locale === 'zh';
  if (!signature.valid) {
    return zh
      ? '签名与文件不符：文件在签名后被改动，或签名已损坏。'
      : 'The signature does not match the document: it was changed after signing, or the signature is damaged.';
  }
  if (!signature.trusted) {
    return zh
      ? '签名完整（签名后文件未被改动），但其证书并非由本平台的认证机构签发。'
      : 'The signature is intact (the document is unchanged since it was signed), but its certificate was not issued by this platform’s authority.';
  }
  return zh
    ? `签名完整：签名后文件未被改动。证书由本平台自己的认证机构（${issuer}）签发；平台之外的阅读器（如 Adobe Acrobat、pdfsig）在添加该机构的证书之前会显示签发者未知。`
    : `The signature is intact: the document is unchanged since it was signed. Its certificate was issued by this platform’s own authority (${issuer}), which readers outside the platform (Adobe Acrobat, pdfsig) call unknown until its certificate is added to them.`;
}
