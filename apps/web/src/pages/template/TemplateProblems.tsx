import type { TemplateProblem } from '@esign/platform';
import { useTranslation } from 'react-i18next';

/** The problems that keep a template from being enabled, each with its page when it has one. */
export function ProblemList({ problems }: { problems: readonly TemplateProblem[] }) {
  const { t } = useTranslation();
  return (
    <ul className="template-notice-list">
      {problems.map((problem, index) => (
        <li key={`${problem.code}-${index}`}>
          {problem.page
            ? t('templateEditor.problemOnPage', { message: problem.message, page: problem.page })
            : problem.message}
        </li>
      ))}
    </ul>
  );
}
