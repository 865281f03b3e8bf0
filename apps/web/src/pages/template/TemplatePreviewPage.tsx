import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { RouteTitle } from '../../routes/table';
import { useRouteTitle } from '../../routes/useRouteTitle';
import { TEMPLATE_LIST_PATH, editorPath } from './paths';
import { TemplateDetailGate } from './TemplateDetailGate';
import { TemplatePreviewView, type PreviewSection } from './TemplatePreviewView';

/** What each read-only route of the table lists beside the pages. */
const SECTIONS: Partial<Record<RouteTitle, readonly PreviewSection[]>> = {
  templatePreview: ['participants', 'signatures'],
  templatePreviewFilled: ['participants'],
  templateSignaturePreview: ['signatures'],
  templatePdf: ['document', 'pages'],
  templateSort: ['pages'],
  templateSaved: ['participants', 'document'],
};

/**
 * The read-only views of a template (?id=), one per route: Preview, Preview2,
 * PreviewContractSignature, contractPdf, contractSort and contractSuccess. Each shows the pages
 * with their fields over the contract's PDF and what its route is about.
 */
export default function TemplatePreviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const route = useRouteTitle() ?? 'templatePreview';
  return (
    <TemplateDetailGate>
      {(detail) => (
        <TemplatePreviewView
          kicker={t(`routes.${route}`)}
          heading={detail.name}
          project={detail.project}
          pdf={detail.pdfLink}
          participants={detail.participants}
          documentName={detail.documentName}
          sections={SECTIONS[route] ?? SECTIONS.templatePreview!}
          banner={
            route === 'templateSaved' ? (
              <Alert
                className="template-workbench-notice"
                type="success"
                showIcon
                title={t('routes.templateSaved')}
                description={t('templatePreview.savedHint')}
              />
            ) : null
          }
          actions={
            <Space wrap>
              <Button
                icon={<ArrowLeftOutlined aria-hidden />}
                onClick={() => navigate(TEMPLATE_LIST_PATH)}
              >
                {t('templateEditor.backToList')}
              </Button>
              {detail.right === 'manage' ? (
                <Button
                  icon={<EditOutlined aria-hidden />}
                  onClick={() => navigate(editorPath(detail.id))}
                >
                  {t('templatePreview.edit')}
                </Button>
              ) : null}
            </Space>
          }
        />
      )}
    </TemplateDetailGate>
  );
}
