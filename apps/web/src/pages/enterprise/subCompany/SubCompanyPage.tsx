import { ApartmentOutlined, PlusOutlined } from '@ant-design/icons';
import type { SubCompany } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isShownFailure } from '../../../api/client';
import { subCompanyQueries, useSetLaunchAuth } from '../../../api/subCompanies';
import { DEFAULT_PAGE_SIZE, tablePagination, type ListPaging } from '../../../lists/paging';
import { useSession } from '../../../session';
import { AddSubCompanyDialog } from './AddSubCompanyDialog';
import './subCompany.css';

/**
 * /enterprise-console/sub_company: the company's affiliates with their certification, launch
 * authority and when they were linked; adding one and switching launch authority need
 * `subCompany:operate`.
 */
export default function SubCompanyPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const companyId = useSession((state) => state.companyId);
  const canOperate = useSession(
    (state) => state.userInfo?.permissions.includes('subCompany:operate') ?? false,
  );
  const [paging, setPaging] = useState<ListPaging>({ current: 1, size: DEFAULT_PAGE_SIZE });
  const [adding, setAdding] = useState(false);
  const page = useQuery(subCompanyQueries.page(companyId, paging.current, paging.size));
  const launchAuth = useSetLaunchAuth(companyId);
  const empty = page.data?.total === 0;

  const switchLaunchAuth = (company: SubCompany, on: boolean) =>
    launchAuth.mutate(
      { id: company.id, launchAuth: on },
      {
        onSuccess: () =>
          void message.success(
            t(on ? 'subCompanyPage.launchAuthOn' : 'subCompanyPage.launchAuthOff', {
              name: company.fullName,
            }),
          ),
        onError: (error) => {
          if (!isShownFailure(error)) throw error;
        },
      },
    );

  const addButton = (primary: boolean) =>
    canOperate ? (
      <Button
        type={primary ? 'primary' : 'default'}
        icon={<PlusOutlined aria-hidden />}
        onClick={() => setAdding(true)}
      >
        {t('subCompanyPage.add')}
      </Button>
    ) : null;

  return (
    <div className="page list-page sub-company-page">
      <header className="page-header list-page-header">
        <div>
          <h1 className="page-title">{t('routes.subCompany')}</h1>
          <p className="page-subtitle">{t('subCompanyPage.subtitle')}</p>
        </div>
        {empty ? null : addButton(true)}
      </header>
      <section className="sub-company-main">
        {page.isError && !page.data ? (
          <Empty description={t('subCompanyPage.loadFailed')}>
            <Button onClick={() => void page.refetch()}>{t('common.retry')}</Button>
          </Empty>
        ) : empty ? (
          <Empty
            image={<ApartmentOutlined className="sub-company-empty-icon" aria-hidden />}
            description={
              <>
                <strong className="sub-company-empty-title">
                  {t('subCompanyPage.emptyTitle')}
                </strong>
                <span className="sub-company-empty-hint">{t('subCompanyPage.emptyHint')}</span>
              </>
            }
          >
            {addButton(true)}
          </Empty>
        ) : (
          <Table<SubCompany>
            rowKey="id"
            loading={page.isFetching}
            dataSource={page.data?.records ?? []}
            pagination={tablePagination(
              paging,
              page.data?.total ?? 0,
              (total) => t('subCompanyPage.total', { count: total }),
              (change) => setPaging((current) => ({ ...current, ...change })),
            )}
            columns={[
              {
                key: 'name',
                title: t('subCompanyPage.columnName'),
                render: (_, company) => <strong>{company.fullName}</strong>,
              },
              {
                key: 'certification',
                title: t('subCompanyPage.columnCertification'),
                render: (_, company) =>
                  company.authStatus === 1 ? (
                    <Tag color="success">{t('subCompanyPage.certified')}</Tag>
                  ) : (
                    <Tag>{t('subCompanyPage.notCertified')}</Tag>
                  ),
              },
              {
                key: 'launchAuth',
                title: t('subCompanyPage.columnLaunchAuth'),
                render: (_, company) => (
                  <Switch
                    checked={company.launchAuth}
                    disabled={!canOperate}
                    loading={launchAuth.isPending && launchAuth.variables?.id === company.id}
                    aria-label={t('subCompanyPage.launchAuthLabel', { name: company.fullName })}
                    onChange={(on) => switchLaunchAuth(company, on)}
                  />
                ),
              },
              {
                key: 'linkedAt',
                title: t('subCompanyPage.columnLinkedAt'),
                dataIndex: 'linkedAt',
              },
            ]}
          />
        )}
      </section>
      <AddSubCompanyDialog open={adding} companyId={companyId} onClose={() => setAdding(false)} />
    </div>
  );
}
