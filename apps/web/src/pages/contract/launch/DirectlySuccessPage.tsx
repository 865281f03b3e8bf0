import { CheckCircleFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Result, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { contractLaunchQueries } from '../../../api/contractLaunch';
import { failureMessage } from '../../../api/templateEditor';
import { formatDateTime } from '../../../i18n/dates';
import { localeOf } from '../../../i18n/locale';
import { useSession } from '../../../session';
import { ContractStatusTag } from '../ContractStatusTag';
import {
  CONTRACT_LIST_PATH,
  contractDetailsPath,
  fillContractPath,
  signContractPath,
} from '../paths';
import { LAUNCH_FROM_TEMPLATE_PATH, LAUNCH_PATH } from './paths';
import './launch.css';

/** The ways on from a contract just sent, whatever is known of it. */
function NextSteps({ id, sign, fill }: { id: string; sign: boolean; fill: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The first thing to do is the primary button: the initiator's own turn, or viewing it.
  const first = fill ? 'fill' : sign ? 'sign' : 'view';
  const go = (key: string, path: string, label: string) => (
    <Button key={key} type={first === key ? 'primary' : 'default'} onClick={() => navigate(path)}>
      {label}
    </Button>
  );
  return (
    <Space wrap className="launch-next">
      {fill && id ? go('fill', fillContractPath(id), t('contractLaunch.success.fillNow')) : null}
      {sign && id ? go('sign', signContractPath(id), t('contractLaunch.success.signNow')) : null}
      {id ? go('view', contractDetailsPath(id), t('contractLaunch.success.view')) : null}
      {go('another', LAUNCH_PATH, t('contractLaunch.success.another'))}
      {go('template', LAUNCH_FROM_TEMPLATE_PATH, t('contractLaunch.success.anotherFromTemplate'))}
      {go('list', CONTRACT_LIST_PATH, t('contractLaunch.success.toList'))}
    </Space>
  );
}

/**
 * /agency-contract/directly-success?id=: the contract just sent — its number, name and status
 * (contract/detail) — and what comes next: fill in or sign now where the initiator's turn comes
 * first, view it, initiate another, or back to the list.
 */
export default function DirectlySuccessPage() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const companyId = useSession((state) => state.companyId);
  const detail = useQuery(contractLaunchQueries.detail(companyId, id));
  const contract = detail.data;
  const actions = contract?.myActions ?? [];

  return (
    <div className="page launch-success">
      <Result
        icon={<CheckCircleFilled aria-hidden />}
        status="success"
        title={<h1 className="result-title">{t('contractLaunch.success.title')}</h1>}
        subTitle={t('contractLaunch.success.subtitle')}
        extra={
          <NextSteps id={id} sign={actions.includes('sign')} fill={actions.includes('fill')} />
        }
      >
        {!id ? (
          <Alert type="warning" showIcon title={t('contractLaunch.success.missing')} />
        ) : detail.isError ? (
          <Alert
            type="warning"
            showIcon
            title={t('contractLaunch.success.loadFailed')}
            description={failureMessage(detail.error)}
            action={
              <Button size="small" onClick={() => void detail.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        ) : !contract ? (
          <div role="status" className="launch-loading">
            <Spin /> {t('app.loading')}
          </div>
        ) : (
          <Descriptions
            className="launch-success-facts"
            column={1}
            bordered
            size="small"
            items={[
              {
                key: 'number',
                label: t('contractLaunch.success.number'),
                children: contract.number,
              },
              { key: 'name', label: t('contractLaunch.success.name'), children: contract.name },
              {
                key: 'status',
                label: t('contractLaunch.success.status'),
                children: <ContractStatusTag status={contract.status} />,
              },
              {
                key: 'parties',
                label: t('contractLaunch.participants'),
                children: contract.participants
                  .map((p) => `${p.party} · ${p.companyName ? `${p.companyName} · ` : ''}${p.name}`)
                  .join('; '),
              },
              ...(contract.signingDeadline
                ? [
                    {
                      key: 'deadline',
                      label: t('contractLaunch.deadline'),
                      children: formatDateTime(contract.signingDeadline, locale),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Result>
    </div>
  );
}
