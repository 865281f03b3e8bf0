import { message } from '@esign/platform';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { failureMessage, usePublicTemplatePreview } from '../../api/templateEditor';
import { LanguageSwitch } from '../../layout/LanguageSwitch';
import { localeOf } from '../../i18n/locale';
import { PUBLIC_ROUTES } from '../../routes/table';
import { TemplateLoading } from './TemplateDetailGate';
import { TemplatePreviewView } from './TemplatePreviewView';

/**
 * /ztj/template/Preview?id=<ticket>&templateId=&contractStatus=: a template shown to anyone
 * holding a preview ticket, without a session. A ticket opens one preview within ten minutes; an
 * expired, used or forged one gets a page saying so in the visitor's language.
 */
export default function PublicTemplatePreviewPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ticket = params.get('id') ?? '';
  const preview = usePublicTemplatePreview(ticket);

  const refusal = !ticket
    ? message('previewTicketInvalid', localeOf(i18n))
    : preview.isError
      ? failureMessage(preview.error)
      : null;
  if (refusal !== null) {
    return (
      <main className="standalone-page">
        <Result
          status="warning"
          title={<h1 className="result-title">{t('templatePreview.cannotOpen')}</h1>}
          subTitle={<span role="alert">{refusal}</span>}
          extra={
            <Button
              type="primary"
              href={PUBLIC_ROUTES.login.path}
              onClick={(event) => {
                event.preventDefault();
                navigate(PUBLIC_ROUTES.login.path);
              }}
            >
              {t('templatePreview.toLogin')}
            </Button>
          }
        />
      </main>
    );
  }
  if (!preview.data) {
    return (
      <main className="standalone-page">
        <TemplateLoading />
      </main>
    );
  }
  return (
    <main className="public-template-preview">
      <TemplatePreviewView
        kicker={t('routes.publicTemplatePreview')}
        heading={preview.data.name}
        project={preview.data.project}
        pdf={preview.data.pdfLink}
        participants={preview.data.participants}
        sections={['participants', 'signatures']}
        actions={<LanguageSwitch />}
      />
    </main>
  );
}
