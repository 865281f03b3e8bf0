import type { LocalizedText, Locale } from '../core';

/** Why a PDF could not be read or written. */
export type PdfErrorCode =
  | 'encrypted'
  | 'corrupt'
  | 'not-pdf'
  | 'no-pages'
  | 'too-large'
  | 'unsupported-image'
  | 'value-too-long'
  | 'font-missing'
  | 'fetch-failed'
  | 'page-mismatch';

const MESSAGES: Record<PdfErrorCode, LocalizedText> = {
  encrypted: {
    en: 'The PDF is password-protected. Remove the password and upload it again.',
    zh: '该 PDF 受密码保护，请移除密码后重新上传。',
  },
  corrupt: {
    en: 'The PDF is damaged or incomplete and cannot be read.',
    zh: '该 PDF 已损坏或不完整，无法读取。',
  },
  'not-pdf': { en: 'The file is not a PDF document.', zh: '该文件不是 PDF 文档。' },
  'no-pages': { en: 'The PDF has no pages.', zh: '该 PDF 没有页面。' },
  'too-large': {
    en: 'The file is larger than 100 MB.',
    zh: '文件大小不能超过 100MB。',
  },
  'unsupported-image': {
    en: 'The image (a seal, signature or picture) must be a PNG or JPEG picture.',
    zh: '图片（印章、签名或照片）必须是 PNG 或 JPEG 格式。',
  },
  'value-too-long': {
    en: 'A value is too long for its field even at the smallest font size.',
    zh: '填写的内容过长，即使使用最小字号也无法放入字段。',
  },
  'font-missing': {
    en: 'No font was given for this text.',
    zh: '没有可用于该文本的字体。',
  },
  'fetch-failed': { en: 'The PDF could not be downloaded.', zh: '无法下载该 PDF。' },
  'page-mismatch': {
    en: 'The template has fields on pages that the PDF does not have.',
    zh: '模板中有字段位于 PDF 不存在的页面上。',
  },
};

/** An error of the PDF module: a stable `code`, and a message in English and Chinese. */
export class PdfError extends Error {
  /** Always `'PdfError'`. */
  override readonly name = 'PdfError';
  /** What went wrong, stable for programs to test. */
  readonly code: PdfErrorCode;
  /** The message for `code` in English and Chinese, without `detail`. */
  readonly messages: LocalizedText;
  /** What the error is about, e.g. the field whose value is too long. */
  readonly detail: string | undefined;

  /**
   * Makes the error of `code`; the `message` is the English text, followed by `detail` when given.
   */
  constructor(code: PdfErrorCode, detail?: string, options?: { cause?: unknown }) {
    const messages = MESSAGES[code];
    super(detail ? `${messages.en} (${detail})` : messages.en, options);
    this.code = code;
    this.messages = messages;
    this.detail = detail;
  }

  /** The message in the user's language, followed by `detail` when given. */
  localizedMessage(locale: Locale): string {
    const text = this.messages[locale];
    return this.detail ? `${text}（${this.detail}）` : text;
  }
}

/** Largest document the platform accepts (spec 001 §5). */
export const MAX_PDF_BYTES = 100 * 1024 * 1024;
