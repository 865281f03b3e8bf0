import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Empty, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { workflowQueries } from '../../../api/workflows';
import { APPROVAL_EDIT_PATH, APPROVAL_LIST_PATH } from './paths';
import { useApprovalConsole } from './useApprovalConsole';
import './approval.css';

/**
 * /enterprise-console/approval-view?id=: one approval flow, read-only — when it runs, whether it is
 * enabled, who made it when, and its nodes in order with each node's people; Edit for a member
 * who may change flows.
 */
export default function ApprovalFlowViewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const { companyId, canEdit } = useApprovalConsole();
  const flow = useQuery({
    ...workflowQueries.detail(companyId, id),
    enabled: id !== '',
    retry: false,
  });
  const data = flow.data;

  return (
    <div className="page approval-view-page">
      <header className="page-header list-page-header">
        <h1 className="page-title">{data ? data.name : t('routes.approvalFlowView')}</h1>
        {data && canEdit ? (
          <Button
            icon={<EditOutlined aria-hidden />}
            onClick={() => navigate(`${APPROVAL_EDIT_PATH}?id=${data.id}`)}
          >
            {t('approvalPage.edit')}
          </Button>
        ) : null}
      </header>
      {!data ? (
        flow.isError || id === '' ? (
          <Empty description={t('approvalPage.notFound')}>
            <Button onClick={() => navigate(APPROVAL_LIST_PATH)}>
              {t('approvalPage.backToList')}
            </Button>
          </Empty>
        ) : (
          <Spin />
        )
      ) : (
        <section className="approval-edit-card">
          <Descriptions
            column={{ xs: 1, sm: 1, md: 2 }}
            items={[
              {
                key: 'type',
                label: t('approvalPage.columns.type'),
                children: t(`approvalPage.type.${data.type}`),
              },
              {
                key: 'status',
                label: t('approvalPage.columns.status'),
                children: (
                  <Tag color={data.status === 1 ? 'success' : 'default'}>
                    {t(data.status === 1 ? 'approvalPage.enabled' : 'approvalPage.disabled')}
                  </Tag>
                ),
              },
              {
                key: 'creator',
                label: t('approvalPage.columns.creator'),
                children: data.creatorName,
              },
              {
                key: 'createdAt',
                label: t('approvalPage.columns.createdAt'),
                children: data.createdAt,
              },
            ]}
          />
          <h2 className="section-title">{t('approvalPage.nodes')}</h2>
          <ol className="approval-node-list">
            {data.nodes.map((node, index) => (
              <li key={index} className={`approval-node approval-node-${node.kind}`}>
                <h3 className="approval-node-title">
                  {t('approvalPage.nodeTitle', {
                    number: index + 1,
                    kind: t(`approvalPage.kind.${node.kind}`),
                  })}
                </h3>
                <p className="approval-node-hint">{t(`approvalPage.kindHint.${node.kind}`)}</p>
                {node.people.length === 0 ? (
                  <p className="approval-node-hint">{t('approvalPage.nobody')}</p>
                ) : (
                  <ul className="approval-view-people">
                    {node.people.map((person) => (
                      <li key={person.id}>
                        <strong>{person.name}</strong>{' '}
                        <span className="approval-person-phone">{person.phone}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
          <div className="approval-edit-actions">
            <Button onClick={() => navigate(APPROVAL_LIST_PATH)}>
              {t('approvalPage.backToList')}
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}
