import { FileSearchOutlined, LockOutlined, SwapOutlined } from '@ant-design/icons';
import { PERSONAL_CONSOLE_ID, type ContractInOtherConsole } from '@esign/platform';
import { Button, Result, Space, Spin } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  isNotFound,
  otherConsoleOf,
  useContractDetail,
  type EditorContractDetail,
} from '../../../api/contractActions';
import { failureMessage } from '../../../api/templateEditor';
import { useGuardedNavigate } from '../../../layout/useGuardedNavigate';
import { useSwitchConsole } from '../../../layout/useSwitchConsole';
import { useSession } from '../../../session';
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

/**
 * A contract of another console of the user's (the server's 403 `contractInOtherConsole`): which
 * console holds it, and the switch there. The page stays: the contract's queries are the
 * console's, so after the switch this very page reads the contract again and shows it.
 */
export function ContractElsewhere({ owner }: { owner: ContractInOtherConsole }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { switchTo } = useSwitchConsole();
  const { whenVerified } = useGuardedNavigate();
  const [switching, setSwitching] = useState(false);
  const companyId = useSession((state) => state.companyId);
  const companyName = useSession((state) => state.companyName);
  const personal = owner.companyId === PERSONAL_CONSOLE_ID;
  const current = companyId === PERSONAL_CONSOLE_ID ? t('layout.personalConsole') : companyName;
  const name = owner.companyName;
  const move = () =>
    whenVerified(() => {
      setSwitching(true);
      void switchTo(owner.companyId).finally(() => setSwitching(false));
    });
  return (
    <Result
      icon={<SwapOutlined aria-hidden />}
      title={
        <h1 className="result-title">
          {personal ? t('contractConsole.titlePersonal') : t('contractConsole.title', { name })}
        </h1>
      }
      subTitle={t('contractConsole.hint', { current })}
      extra={
        <Space wrap>
          <Button type="primary" loading={switching} onClick={move}>
            {personal
              ? t('contractConsole.switchToPersonal')
              : t('contractConsole.switchTo', { name })}
          </Button>
          <Button onClick={() => navigate(CONTRACT_LIST_PATH)}>
            {t('contractDetail.backToList')}
          </Button>
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
 * or no access; the switch when it is another console's of the user), or the server failed.
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
    const owner = otherConsoleOf(detail.error);
    if (owner) return <ContractElsewhere owner={owner} />;
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
