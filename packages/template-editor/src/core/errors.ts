import type { LocalizedText } from './constants';

/** The language of a message: English or Chinese. */
export type Locale = 'en' | 'zh';

/** One problem found in a template, with the place it was found. */
export interface ValidationIssue {
  /** Where the problem is, e.g. `pages[0].elements[3].commonStyle.width`; empty for the whole project. */
  path: string;
  /** The same place as a list of keys and indexes. */
  segments: (string | number)[];
  /** A stable code for programs (zod's issue code, or one of ours). */
  code: string;
  /** The message in English. */
  message: string;
  /** The message in Chinese. */
  messageZh: string;
}

/**
 * Thrown by `parseProject` and by commands given values that would make the template invalid.
 * Nothing has changed when it is thrown.
 */
export class ProjectValidationError extends Error {
  /** Always `'ProjectValidationError'`. */
  override readonly name = 'ProjectValidationError';
  /** Every problem found, each with where it is and an English and a Chinese message. */
  readonly issues: ValidationIssue[];

  /** Makes the error from its problems; the `message` is the English summary. */
  constructor(issues: ValidationIssue[]) {
    super(ProjectValidationError.summary(issues, 'en'));
    this.issues = issues;
  }

  /** The message in the user's language, listing the first few problems. */
  localizedMessage(locale: Locale): string {
    return ProjectValidationError.summary(this.issues, locale);
  }

  private static summary(issues: ValidationIssue[], locale: Locale): string {
    const head = locale === 'zh' ? '模板无效' : 'The template is not valid';
    const shown = issues.slice(0, 5).map((issue) => {
      const text = locale === 'zh' ? issue.messageZh : issue.message;
      return issue.path ? `${issue.path}${locale === 'zh' ? '：' : ': '}${text}` : text;
    });
    const more =
      issues.length > shown.length
        ? locale === 'zh'
          ? `（另有 ${issues.length - shown.length} 处问题）`
          : ` (and ${issues.length - shown.length} more)`
        : '';
    return locale === 'zh'
      ? `${head}：${shown.join('；')}${more}`
      : `${head}: ${shown.join('; ')}${more}`;
  }
}

/** Formats a path of keys and indexes as `a.b[0].c`. */
export function formatPath(segments: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out ? `.${String(segment)}` : String(segment);
  }
  return out;
}

/** Builds one issue from a path and a bilingual message. */
export function issue(
  segments: (string | number)[],
  code: string,
  text: LocalizedText,
): ValidationIssue {
  return { path: formatPath(segments), segments, code, message: text.en, messageZh: text.zh };
}
