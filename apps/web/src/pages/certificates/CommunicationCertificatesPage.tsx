import { ApiOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import {
  COMMUNICATION_CERT_ALGORITHMS,
  certPasswordSchema,
  type CertValidityYears,
  type CommunicationCertAlgorithm,
  type CommunicationCertIssued,
  type CommunicationCertificate,
} from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Empty,
  Form,
  Input,
  Modal,
  Radio,
  Result,
  Select,
  Space,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  applyCommunicationCertificate,
  bindCommunicationCertificate,
  certificateQueries,
  fetchCommunicationCertificateFile,
  revokeCommunicationCertificate,
  useCertificateMutation,
} from '../../api/certificates';
import { saveFile } from '../../api/counterparts';
import { AppForm } from '../../forms/AppForm';
import { FormModal } from '../../forms/FormModal';
import { FormRefusal } from '../../forms/FormRefusal';
import { sameAsRule, schemaRule } from '../../forms/rules';
import { useSubmit } from '../../forms/useSubmit';
import { localeOf } from '../../i18n/locale';
import { DEFAULT_PAGE_SIZE, tablePagination, type ListPaging } from '../../lists/paging';
import { ResponsiveTable } from '../../lists/ResponsiveTable';
import { useSession } from '../../session';
import { DownloadMenu, RevokeDialog, StatusTags } from './CertificateParts';
import { useYearOptions } from './DigitalCertificateDialogs';
import { bytesOf, formatDay } from './certificateFormat';
import './certificates.css';

/** The option of leaving a certificate unbound, beside the company's access parties. */
const UNBOUND = '';

/** The company's access parties as a select's options, "Not bound for now" first. */
function useAccessPartyOptions(companyId: number) {
  const { t } = useTranslation();
  const parties = useQuery(certificateQueries.accessParties(companyId));
  const options = [
    { value: UNBOUND, label: t('certificates.communication.noAccessParty') },
    ...(parties.data ?? []).map((party) => ({
      value: party.id,
      label: party.enabled
        ? party.name
        : t('certificates.communication.disabledParty', { name: party.name }),
    })),
  ];
  return { options, failed: parties.isError, loading: parties.isLoading };
}

interface IssueValues {
  algorithm: CommunicationCertAlgorithm;
  years: CertValidityYears;
  accessPartyId: string;
  password: string;
  passwordAgain: string;
}

/**
 * Issues a certificate in two steps in one dialog: the choices and the file's password, then the
 * .p12 file to download — the only time the key exists outside the server's memory. Closing
 * before downloading asks first.
 */
function IssueDialog({
  open,
  companyId,
  onClose,
}: {
  open: boolean;
  companyId: number;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { modal } = App.useApp();
  const [form] = Form.useForm<IssueValues>();
  const parties = useAccessPartyOptions(companyId);
  const years = useYearOptions();
  const [issued, setIssued] = useState<CommunicationCertIssued | null>(null);
  const [downloaded, setDownloaded] = useState(false);
  const apply = useCertificateMutation(companyId, applyCommunicationCertificate);
  const { submit, pending, refusal } = useSubmit<IssueValues>(
    async ({ algorithm, years, accessPartyId, password }) => {
      setIssued(
        await apply.mutateAsync({
          algorithm,
          years,
          accessPartyId: accessPartyId === UNBOUND ? null : accessPartyId,
          password,
        }),
      );
      setDownloaded(false);
    },
  );

  const finish = () => {
    setIssued(null);
    setDownloaded(false);
    onClose();
  };
  const close = () => {
    if (!issued || downloaded) {
      finish();
      return;
    }
    void modal.confirm({
      title: t('certificates.communication.closeWithout'),
      content: t('certificates.communication.closeWithoutBody'),
      okText: t('certificates.communication.closeAnyway'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: finish,
    });
  };
  const download = () => {
    if (!issued) return;
    saveFile({
      blob: new Blob([bytesOf(issued.pkcs12)], { type: 'application/x-pkcs12' }),
      name: issued.fileName,
    });
    setDownloaded(true);
  };

  return (
    <Modal
      open={open}
      title={issued ? null : t('certificates.communication.issueTitle')}
      okText={t('certificates.communication.issue')}
      cancelText={t('common.cancel')}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={close}
      footer={
        issued
          ? [
              <Button key="close" onClick={close}>
                {t('common.close')}
              </Button>,
            ]
          : undefined
      }
      destroyOnHidden
    >
      {issued ? (
        <Result
          status="success"
          className="certificate-issued"
          title={
            <h2 className="certificate-result-title">
              {t('certificates.communication.issuedTitle')}
            </h2>
          }
          subTitle={t('certificates.serial', { serial: issued.certificate.serialNumber })}
          extra={
            <Space orientation="vertical" className="certificate-issued-extra">
              <Alert type="warning" showIcon title={t('certificates.communication.issuedBody')} />
              <Button
                type="primary"
                block
                icon={<DownloadOutlined aria-hidden />}
                onClick={download}
              >
                {t('certificates.communication.downloadP12')}
              </Button>
              <span className="certificate-muted certificate-file-name">
                {t('certificates.communication.fileName', { name: issued.fileName })}
              </span>
              {downloaded ? (
                <span className="certificate-muted" role="status">
                  {t('certificates.communication.downloadedP12')}
                </span>
              ) : null}
            </Space>
          }
        />
      ) : (
        <AppForm<IssueValues>
          form={form}
          name="issue-communication-certificate"
          preserve={false}
          initialValues={{ algorithm: 'RSA', years: 2, accessPartyId: UNBOUND }}
          onFinish={submit}
        >
          <p className="certificate-muted">{t('certificates.communication.issueIntro')}</p>
          <Form.Item name="algorithm" label={t('certificates.communication.algorithm')}>
            <Radio.Group
              optionType="button"
              options={COMMUNICATION_CERT_ALGORITHMS.map((algorithm) => ({
                value: algorithm,
                label: t(`certificates.communication.algorithms.${algorithm}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="years" label={t('certificates.validityField')}>
            <Select options={years} />
          </Form.Item>
          <Form.Item
            name="accessPartyId"
            label={t('certificates.communication.accessParty')}
            extra={parties.failed ? t('certificates.communication.accessPartiesFailed') : null}
          >
            <Select options={parties.options} loading={parties.loading} />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('certificates.communication.password')}
            extra={t('certificates.communication.passwordHint')}
            rules={[schemaRule(certPasswordSchema, locale)]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="passwordAgain"
            label={t('certificates.communication.passwordAgain')}
            dependencies={['password']}
            rules={[sameAsRule('password', locale)]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <FormRefusal refusal={refusal} />
        </AppForm>
      )}
    </Modal>
  );
}

/** Binds a certificate to one of the company's access parties, or leaves it unbound. */
function BindDialog({
  certificate,
  companyId,
  onClose,
}: {
  certificate: CommunicationCertificate | null;
  companyId: number;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ accessPartyId: string }>();
  const parties = useAccessPartyOptions(companyId);
  const bind = useCertificateMutation(companyId, bindCommunicationCertificate);
  const { submit, pending, refusal } = useSubmit<{ accessPartyId: string }>(
    async ({ accessPartyId }) => {
      const bound = await bind.mutateAsync({
        id: certificate!.id,
        accessPartyId: accessPartyId === UNBOUND ? null : accessPartyId,
      });
      void message.success(
        bound.accessParty
          ? t('certificates.communication.bound', { name: bound.accessParty.name })
          : t('certificates.communication.unbound'),
      );
      onClose();
    },
  );
  return (
    <FormModal<{ accessPartyId: string }>
      open={certificate !== null}
      title={t('certificates.communication.bindTitle', { serial: certificate?.serialNumber ?? '' })}
      okText={t('certificates.communication.bind')}
      pending={pending}
      refusal={refusal}
      form={form}
      name="bind-communication-certificate"
      initialValues={{ accessPartyId: certificate?.accessParty?.id ?? UNBOUND }}
      onFinish={submit}
      onClose={onClose}
    >
      <Form.Item
        name="accessPartyId"
        label={t('certificates.communication.accessParty')}
        extra={parties.failed ? t('certificates.communication.accessPartiesFailed') : null}
      >
        <Select options={parties.options} loading={parties.loading} />
      </Form.Item>
    </FormModal>
  );
}

/**
 * /enterprise-console/application/application_cert: the company's communication certificates —
 * serial number, algorithm and key length, validity, binding, status — issued with their key
 * downloaded once, bound to an access party, downloaded (the certificate), revoked.
 */
export default function CommunicationCertificatesPage() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { message } = App.useApp();
  const companyId = useSession((state) => state.companyId);
  const [paging, setPaging] = useState<ListPaging>({ current: 1, size: DEFAULT_PAGE_SIZE });
  const [issuing, setIssuing] = useState(false);
  const [binding, setBinding] = useState<CommunicationCertificate | null>(null);
  const [revoking, setRevoking] = useState<CommunicationCertificate | null>(null);
  const list = useQuery(certificateQueries.communication(companyId, paging));
  const revoke = useCertificateMutation(companyId, revokeCommunicationCertificate);

  const columns: TableColumnsType<CommunicationCertificate> = [
    {
      key: 'serial',
      title: t('certificates.communication.columns.serial'),
      render: (_, certificate) => (
        <>
          <div className="certificate-serial certificate-name">{certificate.serialNumber}</div>
          <div className="certificate-muted">{certificate.subject}</div>
        </>
      ),
    },
    {
      key: 'algorithm',
      title: t('certificates.communication.columns.algorithm'),
      render: (_, certificate) =>
        t('certificates.keyLength', {
          algorithm: certificate.algorithm,
          bits: certificate.keyLength,
        }),
    },
    {
      key: 'validity',
      title: t('certificates.communication.columns.validity'),
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
      key: 'binding',
      title: t('certificates.communication.columns.binding'),
      render: (_, certificate) =>
        certificate.accessParty ? (
          <span className="certificate-party">{certificate.accessParty.name}</span>
        ) : (
          <span className="certificate-muted">{t('certificates.notBound')}</span>
        ),
    },
    {
      key: 'status',
      title: t('certificates.communication.columns.status'),
      render: (_, certificate) => (
        <StatusTags
          status={certificate.status}
          expiresSoon={certificate.expiresSoon}
          label={t(`certificates.communication.status.${certificate.status}`)}
        />
      ),
    },
    {
      key: 'actions',
      title: t('certificates.communication.columns.actions'),
      render: (_, certificate) => (
        <Space size={4} className="certificate-actions">
          <DownloadMenu
            label={`${t('certificates.download')} ${certificate.serialNumber}`}
            fetch={(format) => fetchCommunicationCertificateFile(certificate.id, format)}
          />
          {certificate.status === 'revoked' ? null : (
            <>
              <Button size="small" type="link" onClick={() => setBinding(certificate)}>
                {t('certificates.communication.bind')}
              </Button>
              <Button size="small" type="link" danger onClick={() => setRevoking(certificate)}>
                {t('certificates.revoke')}
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];

  const issueButton = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setIssuing(true)}>
      {t('certificates.communication.apply')}
    </Button>
  );
  const empty = list.data?.total === 0;

  return (
    <div className="page list-page certificate-page">
      <header className="page-header list-page-header">
        <div>
          <h1 className="page-title">{t('routes.applicationCert')}</h1>
          <p className="page-subtitle">{t('certificates.communication.subtitle')}</p>
        </div>
        {list.data && !empty ? issueButton : null}
      </header>
      <section className="certificate-main">
        {list.isError && !list.data ? (
          <Empty description={t('certificates.loadFailed')}>
            <Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>
          </Empty>
        ) : empty ? (
          <Empty
            image={<ApiOutlined className="certificate-empty-icon" aria-hidden />}
            description={
              <>
                <strong className="certificate-empty-title">
                  {t('certificates.communication.empty')}
                </strong>
                <span className="certificate-empty-hint">
                  {t('certificates.communication.emptyHint')}
                </span>
              </>
            }
          >
            {issueButton}
          </Empty>
        ) : (
          <ResponsiveTable<CommunicationCertificate>
            rowKey="id"
            size="middle"
            card={{
              label: (certificate) => certificate.serialNumber,
              title: (certificate) => (
                <span className="certificate-serial">{certificate.serialNumber}</span>
              ),
              badge: 'status',
              lines: ['algorithm', 'validity', 'binding'],
              actions: 'actions',
            }}
            columns={columns}
            dataSource={list.data?.records ?? []}
            loading={list.isFetching}
            pagination={tablePagination(
              paging,
              list.data?.total ?? 0,
              (count) => t('certificates.communication.total', { count }),
              (change) => setPaging((current) => ({ ...current, ...change })),
            )}
          />
        )}
      </section>
      <IssueDialog open={issuing} companyId={companyId} onClose={() => setIssuing(false)} />
      <BindDialog certificate={binding} companyId={companyId} onClose={() => setBinding(null)} />
      <RevokeDialog
        open={revoking !== null}
        title={t('certificates.communication.revokeTitle', {
          serial: revoking?.serialNumber ?? '',
        })}
        body={t('certificates.communication.revokeBody')}
        onRevoke={async (reason) => {
          const serial = revoking!.serialNumber;
          await revoke.mutateAsync({ id: revoking!.id, reason });
          void message.success(t('certificates.communication.revoked', { serial }));
        }}
        onClose={() => setRevoking(null)}
      />
    </div>
  );
}
