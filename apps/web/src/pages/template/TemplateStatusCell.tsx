import { WarningOutlined } from '@ant-design/icons';
import type { TemplateListItem } from '@esign/platform';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProblemList } from './TemplateProblems';

/**
 * Enabled or disabled, with what that means for starting contracts; a warning sign lists the
 * problems that keep a template from being enabled.
 */
export function TemplateStatusCell({ template }: { template: TemplateListItem }) {
  const { t } = useTranslation();
  const enabled = template.status === 1;
  return (
    <span className="template-status">
      <Tooltip title={t(enabled ? 'templateList.enabledHint' : 'templateList.disabledHint')}>
        <Tag color={enabled ? 'success' : 'default'} tabIndex={0}>
          {t(enabled ? 'templateList.enabled' : 'templateList.disabled')}
        </Tag>
      </Tooltip>
      {template.problems.length > 0 ? (
        <Tooltip
          title={
            <div className="template-problems">
              <p className="template-problems-title">{t('templateList.problemsTitle')}</p>
              <ProblemList problems={template.problems} />
            </div>
          }
        >
          <WarningOutlined
            className="template-problems-icon"
            aria-label={t('templateList.problemsLabel', { name: template.name })}
            tabIndex={0}
          />
        </Tooltip>
      ) : null}
    </span>
  );
}
