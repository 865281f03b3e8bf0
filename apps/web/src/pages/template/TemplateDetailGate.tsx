import { FileSearchOutlined } from '@ant-design/icons';
import { Button, Result, Space, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  failureMessage,
  useTemplateDetail,
  type EditorTemplateDetail,
} from '../../api/templateEditor';
import { TEMPLATE_LIST_PATH } from './paths';

/**
 * The template of the address's `?id=`, read afresh on every visit, given to `children` once it
 * is there; until then a spinner, and instead a page saying why when there is no id or the
 * server refuses (not found, no right) or cannot be reached.
 */
export function TemplateDetailGate({
  children,
}: {
  children(detail: EditorTemplateDetail): ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const detail = useTemplateDetail(id);
  const toList = (
    <Button type="primary" onClick={() => navigate(TEMPLATE_LIST_PATH)}>
      {t('templateEditor.backToList')}
    </Button>
  );

  if (!id) {
    return (
      <Result
        icon={<FileSearchOutlined aria-hidden />}
        title={<h1 className="result-title">{t('templateEditor.noTemplate')}</h1>}
        subTitle={t('templateEditor.noTemplateHint')}
        extra={toList}
      />
    );
  }
  if (detail.isError) {
    return (
      <Result
        status="warning"
        title={<h1 className="result-title">{t('templateEditor.loadFailed')}</h1>}
        subTitle={failureMessage(detail.error)}
        extra={
          <Space>
            {toList}
            <Button onClick={() => void detail.refetch()}>{t('common.retry')}</Button>
          </Space>
        }
      />
    );
  }
  // A cached template from an earlier visit waits for the fresh one: what was saved last, a
  // PDF link that still works.
  if (!detail.data || !detail.isFetchedAfterMount) {
    return <TemplateLoading />;
  }
  return children(detail.data);
}

/** A template on its way from the server. */
export function TemplateLoading() {
  const { t } = useTranslation();
  return (
    <div className="template-loading" role="status">
      <Spin size="large" />
      <span>{t('app.loading')}</span>
    </div>
  );
}
