import { EditOutlined, IdcardOutlined, StopOutlined, UserSwitchOutlined } from '@ant-design/icons';
import {
  PERSONAL_CONSOLE_ID,
  type CertificationState,
  type CompanyInfo,
  type CompanyPerson,
  type Permission,
} from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Skeleton, Tag } from 'antd';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { companyInfoQueries } from '../../../api/companyInfo';
import { formatDateTime } from '../../../i18n/dates';
import type { COMPANY_INFO_EN } from '../../../i18n/enterprise/company.en';
import { localeOf } from '../../../i18n/locale';
import { useSession } from '../../../session';
import {
  AdminTransferDialog,
  LegalChangeDialog,
  NameChangeDialog,
  WriteOffDialog,
  type CompanyDialogProps,
} from './CompanyDialogs';

const CERTIFICATION_COLOURS: Record<CertificationState, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  unbanned: 'warning',
};

/** A stable empty list: a selector that made a new one on every call would never settle. */
const NO_PERMISSIONS: readonly Permission[] = [];

type ChangeKey = 'legal' | 'name' | 'admin' | 'writeOff';
type PageText = `companyPage.${Exclude<keyof typeof COMPANY_INFO_EN, 'certificationState'>}`;

/** The changes, each with the permission it needs, its icon and its dialog (spec 001 §6). */
const CHANGES: readonly {
  key: ChangeKey;
  permission: Permission;
  icon: ReactNode;
  label: PageText;
  hint: PageText;
  danger?: boolean;
  Dialog: ComponentType<CompanyDialogProps>;
}[] = [
  {
    key: 'legal',
    permission: 'company:legal',
    icon: <IdcardOutlined aria-hidden />,
    label: 'companyPage.changeLegal',
    hint: 'companyPage.changeLegalHint',
    Dialog: LegalChangeDialog,
  },
  {
    key: 'name',
    permission: 'company:name',
    icon: <EditOutlined aria-hidden />,
    label: 'companyPage.changeName',
    hint: 'companyPage.changeNameHint',
    Dialog: NameChangeDialog,
  },
  {
    key: 'admin',
    permission: 'company:admin',
    icon: <UserSwitchOutlined aria-hidden />,
    label: 'companyPage.transferAdmin',
    hint: 'companyPage.transferAdminHint',
    Dialog: AdminTransferDialog,
  },
  {
    key: 'writeOff',
    permission: 'company:writeOff',
    icon: <StopOutlined aria-hidden />,
    label: 'companyPage.writeOff',
    hint: 'companyPage.writeOffHint',
    danger: true,
    Dialog: WriteOffDialog,
  },
];

function Person({ person }: { person: CompanyPerson | null }) {
  const { t } = useTranslation();
  if (!person) return <span className="contract-muted">{t('companyPage.notRecorded')}</span>;
  return <span>{t('companyPage.person', { name: person.name || '—', phone: person.phone })}</span>;
}

/** The company's registration data and certification. */
function CompanyData({ info }: { info: CompanyInfo }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  return (
    <Descriptions
      bordered
      size="middle"
      column={{ xs: 1, md: 2 }}
      items={[
        { key: 'name', label: t('companyPage.companyName'), children: info.companyName, span: 2 },
        {
          key: 'credit',
          label: t('companyPage.creditCode'),
          children: info.creditCode || (
            <span className="contract-muted">{t('companyPage.notRecorded')}</span>
          ),
        },
        {
          key: 'certification',
          label: t('companyPage.certification'),
          children: (
            <Tag color={CERTIFICATION_COLOURS[info.certification]}>
              {t(`companyPage.certificationState.${info.certification}`)}
            </Tag>
          ),
        },
        { key: 'legal', label: t('companyPage.legal'), children: <Person person={info.legal} /> },
        { key: 'admin', label: t('companyPage.admin'), children: <Person person={info.admin} /> },
        { key: 'members', label: t('companyPage.members'), children: info.memberCount },
        {
          key: 'created',
          label: t('companyPage.createdAt'),
          children: formatDateTime(info.createdAt, locale),
        },
      ]}
    />
  );
}

/**
 * /enterprise-console/company_info: the company's data and certification for every member who may
 * view it, and the changes the member's role allows, each a dialog confirmed by SMS code.
 */
export default function CompanyInfoPage() {
  const { t } = useTranslation();
  const companyId = useSession((state) => state.companyId);
  const permissions = useSession((state) => state.userInfo?.permissions ?? NO_PERMISSIONS);
  const inCompany = companyId !== PERSONAL_CONSOLE_ID;
  const info = useQuery({ ...companyInfoQueries.info(companyId), enabled: inCompany });
  const [open, setOpen] = useState<ChangeKey | null>(null);
  const allowed = CHANGES.filter((change) => permissions.includes(change.permission));
  const opened = CHANGES.find((change) => change.key === open);

  return (
    <div className="page company-info-page">
      <header className="page-header">
        <h1 className="page-title">{t('routes.companyInfo')}</h1>
        <p className="page-subtitle">{t('companyPage.subtitle')}</p>
      </header>
      {!inCompany ? (
        <Empty description={t('companyPage.personalConsole')} />
      ) : info.isError && !info.data ? (
        <Empty description={t('companyPage.loadFailed')}>
          <Button onClick={() => void info.refetch()}>{t('common.retry')}</Button>
        </Empty>
      ) : !info.data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          {info.data.pending.legal?.legal && permissions.includes('company:legal') ? (
            <Alert
              className="page-alert"
              type="info"
              showIcon
              title={t('companyPage.pendingLegal', { name: info.data.pending.legal.legal.name })}
              action={
                <Button size="small" onClick={() => setOpen('legal')}>
                  {t('companyPage.continueChange')}
                </Button>
              }
            />
          ) : null}
          {info.data.pending.name?.companyName && permissions.includes('company:name') ? (
            <Alert
              className="page-alert"
              type="info"
              showIcon
              title={t('companyPage.pendingName', { name: info.data.pending.name.companyName })}
              action={
                <Button size="small" onClick={() => setOpen('name')}>
                  {t('companyPage.continueChange')}
                </Button>
              }
            />
          ) : null}
          <section className="page-section" aria-labelledby="company-data-title">
            <h2 id="company-data-title" className="section-title">
              {t('companyPage.dataTitle')}
            </h2>
            <CompanyData info={info.data} />
          </section>
          <section className="page-section" aria-labelledby="company-changes-title">
            <h2 id="company-changes-title" className="section-title">
              {t('companyPage.actionsTitle')}
            </h2>
            {allowed.length === 0 ? (
              <Alert type="info" showIcon title={t('companyPage.readOnly')} />
            ) : (
              <div
                style={{
                  display: 'grid',
                  gap: 16,
                  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
                }}
              >
                {allowed.map((change) => (
                  <Card key={change.key} size="small">
                    <p className="contract-muted" style={{ minHeight: 44 }}>
                      {t(change.hint)}
                    </p>
                    <Button
                      icon={change.icon}
                      danger={change.danger}
                      onClick={() => setOpen(change.key)}
                    >
                      {t(change.label)}
                    </Button>
                  </Card>
                ))}
              </div>
            )}
          </section>
          {opened && info.data ? (
            <opened.Dialog info={info.data} onClose={() => setOpen(null)} />
          ) : null}
        </>
      )}
    </div>
  );
}
