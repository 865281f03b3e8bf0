/**
 * The initiator's own fields of a template, filled in the template editor's fill mode over the
 * template's PDF before the contract goes out. Downloaded when the step first shows.
 */
import type { Locale, TemplateParty } from '@esign/platform';
import { TemplateEditor, type TemplateProject } from '@esign/template-editor';
import { Alert, Button, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage, useTemplateDetail } from '../../../api/templateEditor';

export interface FillOwnFieldsProps {
  templateId: string;
  /** The initiator's party that fills. */
  party: TemplateParty;
  project: TemplateProject;
  onProjectChange(project: TemplateProject): void;
  locale: Locale;
}

export default function FillOwnFields({
  templateId,
  party,
  project,
  onProjectChange,
  locale,
}: FillOwnFieldsProps) {
  const { t } = useTranslation();
  // The template's PDF link lasts minutes: the editor takes one read as the step opens.
  const detail = useTemplateDetail(templateId);
  const [pdf, setPdf] = useState<string | null>(null);
  const fresh = detail.isFetchedAfterMount ? detail.data?.pdfLink : undefined;
  if (!pdf && fresh) setPdf(fresh);
  if (detail.isError && !pdf) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('contractLaunch.documentFailed')}
        description={failureMessage(detail.error)}
        action={
          <Button size="small" onClick={() => void detail.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (!pdf) {
    return (
      <div role="status" className="launch-loading">
        <Spin /> {t('contractLaunch.loadingDocument')}
      </div>
    );
  }
  return (
    <TemplateEditor
      className="launch-editor"
      value={project}
      onChange={onProjectChange}
      locale={locale}
      mode="fill"
      party={party}
      pdf={pdf}
    />
  );
}
