import {
  ImportOutlined,
  MoreOutlined,
  PlusOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { canChangeDigitalCert, type DigitalCertificate } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Dropdown,
  Empty,
  Space,
  type MenuProps,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isShownFailure } from '../../api/client';
import {
  certificateQueries,
  fetchDigitalCertificateFile,
  setDigitalCertificateStatus,
  useCertificateMutation,
} from '../../api/certificates';
import { localeOf } from '../../i18n/locale';
import { DEFAULT_PAGE_SIZE, tablePagination, type ListPaging } from '../../lists/paging';
import { ResponsiveTable } from '../../lists/ResponsiveTable';
import { useSession } from '../../session';
import { DownloadMenu, RevokeDialog, StatusTags } from './CertificateParts';
import { ApplyDialog, ImportDialog, RenameDialog } from './DigitalCertificateDialogs';
import { HardwareKeys } from './HardwareKeys';
import { formatDay } from './certificateFormat';
import './certificates.css';

/**
 * /enterprise-console/cert: the company's digital certificates — how its contracts are signed now,
 * each certificate with its status, expiry and issuer; apply, import, download, make active,
 * disable, rename and revoke (`cert:apply` for every change) — and its hardware key applications.
 */
export default function DigitalCertificatesPage() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { message, modal } = App.useApp();
  const companyId = useSession((state) => state.companyId);
  const canApply = useSession(
    (state) => state.userInfo?.permissions.includes('cert:apply') ?? false,
  );
  const [paging, setPaging] = useState<ListPaging>({ current: 1, size: DEFAULT_PAGE_SIZE });
  const [dialog, setDialog] = useState<'apply' | 'import' | null>(null);
  const [renaming, setRenaming] = useState<DigitalCertificate | null>(null);
  const [revoking, setRevoking] = useState<DigitalCertificate | null>(null);
  const list = useQuery(certificateQueries.digital(companyId, paging));
  const changeStatus = useCertificateMutation(companyId, setDigitalCertificateStatus);
  const records = list.data?.records ?? [];
  const active = records.find((certificate) => certificate.status === 'active');

  const move = (certificate: DigitalCertificate, status: 'active' | 'disabled') => {
    const name = certificate.name;
    const perform = () =>
      changeStatus.mutateAsync({ id: certificate.id, status }).then(
        () =>
          void message.success(
            t(
              status === 'active'
                ? 'certificates.digital.enabled'
                : 'certificates.digital.disabled',
              {
                name,
              },
            ),
          ),
        (error: unknown) => {
          if (!isShownFailure(error)) throw error;
        },
      );
    void modal.confirm({
      title: t(
        status === 'active'
          ? 'certificates.digital.enableTitle'
          : 'certificates.digital.disableTitle',
        { name },
      ),
      content:
        status === 'active'
          ? active
            ? t('certificates.digital.enableBody', { current: active.name })
            : null
          : t('certificates.digital.disableBody'),
      okText: t(
        status === 'active' ? 'certificates.digital.enable' : 'certificates.digital.disable',
      ),
      cancelText: t('common.cancel'),
      onOk: perform,
    });
  };

  const menuOf = (certificate: DigitalCertificate): MenuProps['items'] => [
    {
      key: 'rename',
      label: t('certificates.digital.rename'),
      onClick: () => setRenaming(certificate),
    },
    ...(canChangeDigitalCert(certificate.status, 'revoked')
      ? [
          {
            key: 'revoke',
            danger: true,
            label: t('certificates.revoke'),
            onClick: () => setRevoking(certificate),
          },
        ]
      : []),
  ];

  const actions = (certificate: DigitalCertificate) => (
    <Space size={4} className="certificate-actions">
      <DownloadMenu
        label={`${t('certificates.download')} ${certificate.name}`}
        fetch={(format) => fetchDigitalCertificateFile(certificate.id, format)}
      />
      {canApply && canChangeDigitalCert(certificate.status, 'active') ? (
        <Button size="small" type="link" onClick={() => move(certificate, 'active')}>
          {t('certificates.digital.enable')}
        </Button>
      ) : null}
      {canApply && canChangeDigitalCert(certificate.status, 'disabled') ? (
        <Button size="small" type="link" onClick={() => move(certificate, 'disabled')}>
          {t('certificates.digital.disable')}
        </Button>
      ) : null}
      {canApply ? (
        <Dropdown trigger={['click']} menu={{ items: menuOf(certificate) }}>
          <Button
            size="small"
            type="text"
            icon={<MoreOutlined aria-hidden />}
            aria-label={t('certificates.more', { name: certificate.name })}
          />
        </Dropdown>
      ) : null}
    </Space>
  );

  const columns: TableColumnsType<DigitalCertificate> = [
    {
      key: 'name',
      title: t('certificates.digital.columns.name'),
      render: (_, certificate) => (
        <div className="certificate-name-cell">
          <div className="certificate-name">{certificate.name}</div>
          <div className="certificate-muted">
            {t(`certificates.digital.source.${certificate.source}`)} ·{' '}
            {t('certificates.keyLength', {
              algorithm: certificate.algorithm,
              bits: certificate.keyLength,
            })}
          </div>
          <div className="certificate-muted certificate-serial">
            {t('certificates.serial', { serial: certificate.serialNumber })}
          </div>
        </div>
      ),
    },
    {
      key: 'status',
      title: t('certificates.digital.columns.status'),
      render: (_, certificate) => (
        <StatusTags
          status={certificate.status}
          expiresSoon={certificate.expiresSoon}
          label={t(`certificates.digital.status.${certificate.status}`)}
        />
      ),
    },
    {
      key: 'holder',
      title: t('certificates.digital.columns.holder'),
      render: (_, certificate) => (
        <div className="certificate-subject">
          <div>{certificate.subject}</div>
          <div className="certificate-muted">
            {t('certificates.digital.issuer', { issuer: certificate.issuer })}
          </div>
        </div>
      ),
    },
    {
      key: 'validity',
      title: t('certificates.digital.columns.validity'),
      render: (_, certificate) => (
        <span className="certificate-validity">
          {t('certificates.validity', {
            from: formatDay(certificate.notBefore, locale),
            to: formatDay(certificate.notAfter, locale),
          })}
        </span>
      ),
    },
    {
      key: 'actions',
      title: t('certificates.digital.columns.actions'),
      render: (_, certificate) => actions(certificate),
    },
  ];

  const headerButtons = (
    <Space wrap>
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog('apply')}>
        {t('certificates.digital.apply')}
      </Button>
      <Button icon={<ImportOutlined aria-hidden />} onClick={() => setDialog('import')}>
        {t('certificates.digital.import')}
      </Button>
    </Space>
  );
  const empty = list.data?.total === 0;
  const signing = list.data?.signing;

  return (
    <div className="page list-page certificate-page">
      <header className="page-header list-page-header">
        <div>
          <h1 className="page-title">{t('routes.cert')}</h1>
          <p className="page-subtitle">{t('certificates.digital.subtitle')}</p>
        </div>
        {canApply && list.data && !empty ? headerButtons : null}
      </header>
      {signing ? (
        <Alert
          className="certificate-signing"
          showIcon
          type={signing === 'certificate' ? 'success' : signing === 'platform' ? 'info' : 'warning'}
          title={t(`certificates.digital.signing.${signing}`, { name: active?.name ?? '' })}
        />
      ) : null}
      <section className="certificate-main">
        {list.isError && !list.data ? (
          <Empty description={t('certificates.loadFailed')}>
            <Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>
          </Empty>
        ) : empty ? (
          <Empty
            image={<SafetyCertificateOutlined className="certificate-empty-icon" aria-hidden />}
            description={
              <>
                <strong className="certificate-empty-title">
                  {t('certificates.digital.empty')}
                </strong>
                <span className="certificate-empty-hint">
                  {t('certificates.digital.emptyHint')}
                </span>
              </>
            }
          >
            {canApply ? headerButtons : null}
          </Empty>
        ) : (
          <ResponsiveTable<DigitalCertificate>
            rowKey="id"
            size="middle"
            card={{
              label: (certificate) => certificate.name,
              title: (certificate) => certificate.name,
              badge: 'status',
              lines: [
                {
                  key: 'kind',
                  label: t('certificates.digital.columns.name'),
                  render: (certificate) =>
                    `${t(`certificates.digital.source.${certificate.source}`)} · ${t(
                      'certificates.keyLength',
                      { algorithm: certificate.algorithm, bits: certificate.keyLength },
                    )}`,
                },
                'validity',
                {
                  key: 'issuer',
                  label: t('certificates.digital.columns.issuer'),
                  render: (certificate) => certificate.issuer,
                },
              ],
              actions: 'actions',
            }}
            columns={columns}
            dataSource={records}
            loading={list.isFetching}
            pagination={tablePagination(
              paging,
              list.data?.total ?? 0,
              (count) => t('certificates.digital.total', { count }),
              (change) => setPaging((current) => ({ ...current, ...change })),
            )}
          />
        )}
      </section>
      <HardwareKeys companyId={companyId} canApply={canApply} />
      <ApplyDialog
        open={dialog === 'apply'}
        companyId={companyId}
        onClose={() => setDialog(null)}
      />
      <ImportDialog
        open={dialog === 'import'}
        companyId={companyId}
        onClose={() => setDialog(null)}
      />
      <RenameDialog
        certificate={renaming}
        companyId={companyId}
        onClose={() => setRenaming(null)}
      />
      <RevokeDialog
        open={revoking !== null}
        title={t('certificates.digital.revokeTitle', { name: revoking?.name ?? '' })}
        body={t('certificates.digital.revokeBody')}
        note={
          revoking?.source === 'imported'
            ? t('certificates.digital.revokeImported', { issuer: revoking.issuer })
            : null
        }
        onRevoke={async (reason) => {
          const name = revoking!.name;
          await changeStatus.mutateAsync({ id: revoking!.id, status: 'revoked', reason });
          void message.success(t('certificates.digital.revoked', { name }));
        }}
        onClose={() => setRevoking(null)}
      />
    </div>
  );
}
