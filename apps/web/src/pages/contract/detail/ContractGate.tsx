import { FileSearchOutlined, LockOutlined } from '@ant-design/icons';
import { Button, Result, Space, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  isNotFound,
  useContractDetail,
  type EditorContractDetail,
} from '../../../api/contractActions';
import { failureMessage } from '../../../api/templateEditor';
import { CONTRACT_LIST_PATH } from '../paths';

/** The contract screens' whole-page states: no contract, not found or not the session's, failed. */
export function ContractProblem({
  kind,
  description,
  onRetry,
}: {
  kind: 'noId' | 'notFound' | 'failed';
  description?: string;
  onRetry?(): void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toList = (
    <Button type="primary" onClick={() => navigate(CONTRACT_LIST_PATH)}>
      {t('contractDetail.backToList')}
    </Button>
  );
  return (
    <Result
      status={kind === 'failed' ? 'warning' : undefined}
      icon={
        kind === 'notFound' ? (
          <LockOutlined aria-hidden />
        ) : kind === 'noId' ? (
          <FileSearchOutlined aria-hidden />
        ) : undefined
      }
      title={<h1 className="result-title">{t(`contractDetail.problem.${kind}.title`)}</h1>}
      subTitle={description ?? t(`contractDetail.problem.${kind}.hint`)}
      extra={
        <Space wrap>
          {toList}
          {onRetry ? <Button onClick={onRetry}>{t('common.retry')}</Button> : null}
        </Space>
      }
    />
  );
}

/** A contract screen's content on its way. */
export function ContractLoading() {
  const { t } = useTranslation();
  return (
    <div className="contract-loading" role="status">
      <Spin size="large" />
      <span>{t('app.loading')}</span>
    </div>
  );
}

/** Whether a failure is a 'not found or no access' one, or another. */
export function problemOf(error: unknown): 'notFound' | 'failed' {
  return isNotFound(error) ? 'notFound' : 'failed';
}

/**
 * The contract of the address's `?id=`, read afresh on every visit, given to `children` once it
 * is there (with a way to read it again after an action); until then a spinner, and instead a
 * page saying why when there is no id, the contract is not there for the session (404: not found
 * or no access), or the server failed.
 */
export function ContractGate({
  children,
}: {
  children(detail: EditorContractDetail, reload: () => Promise<unknown>): ReactNode;
}) {
  const id = useContractId();
  const detail = useContractDetail(id);
  if (!id) return <ContractProblem kind="noId" />;
  if (detail.isError) {
    const kind = problemOf(detail.error);
    return (
      <ContractProblem
        kind={kind}
        description={kind === 'failed' ? failureMessage(detail.error) : undefined}
        onRetry={kind === 'failed' ? () => void detail.refetch() : undefined}
      />
    );
  }
  // A cached contract from an earlier visit waits for the fresh one: a PDF link that works,
  // what the others did meanwhile.
  if (!detail.data || !detail.isFetchedAfterMount) return <ContractLoading />;
  return children(detail.data, () => detail.refetch());
}

/** The address's contract id. */
export function useContractId(): string {
  const [params] = useSearchParams();
  return (params.get('id') ?? '').trim();
}
