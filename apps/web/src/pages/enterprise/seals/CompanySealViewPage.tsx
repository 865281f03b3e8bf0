import { ArrowLeftOutlined, EditOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { CompanySealDetail, SealAuthorization } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Descriptions,
  Empty,
  Form,
  Modal,
  Space,
  Spin,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  companySealQueries,
  revokeSealAuthorization,
  updateCompanySeal,
  useCompanySealMutation,
} from '../../../api/companySeals';
import { formatDateTime } from '../../../i18n/dates';
import { AuthorizeDialog, ReauthorizeDialog } from './AuthorizationDialogs';
import { SealActionButtons } from './SealActions';
import {
  SealDrawingFields,
  SealNameField,
  TemplatePreview,
  drawingOf,
  type SealDrawingValues,
} from './SealDrawing';
import { AuthorizationStateTag, SealImage, SealStatusTag, sealTypeName } from './SealParts';
import { unlessShown, useSealConsole } from './useSealConsole';
import './companySeals.css';

const LIST_PATH = '/enterprise-console/seal';

/**
 * Changes a seal's name, and for a template seal what it is drawn from, with the preview of the
 * new drawing (the server refuses to redraw a seal that has signed contracts).
 */
function EditSealDialog({ seal, onClose }: { seal: CompanySealDetail; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { companyId } = useSealConsole();
  const [form] = Form.useForm<SealDrawingValues & { name: string }>();
  const update = useCompanySealMutation(companyId, updateCompanySeal);
  const template = seal.makeWay === 'template';
  const legal = seal.type === 'legal';
  const watched = Form.useWatch([], form) as Partial<SealDrawingValues> | undefined;
  const type = legal ? 'legal' : (watched?.type ?? seal.type);
  return (
    <Modal
      open
      title={t('companySealPage.view.editTitle', { name: seal.name })}
      okText={t('companySealPage.form.save')}
      cancelText={t('common.cancel')}
      confirmLoading={update.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      width={template ? 760 : 520}
    >
      <div className={template ? 'company-seal-form-layout company-seal-edit' : undefined}>
        <Form
          form={form}
          layout="vertical"
          initialValues={seal}
          onFinish={(values) =>
            unlessShown(async () => {
              await update.mutateAsync({
                id: seal.id,
                name: values.name.trim(),
                ...drawingOf(template ? values : seal, legal ? 'legal' : values.type),
              });
              void message.success(t('companySealPage.form.saved'));
              onClose();
            })
          }
        >
          <SealNameField />
          <SealDrawingFields legal={legal} drawn={template} />
        </Form>
        {template && (
          <aside className="company-seal-form-preview">
            <TemplatePreview drawing={drawingOf(watched ?? seal, type)} />
          </aside>
        )}
      </div>
    </Modal>
  );
}

/** Who an authorisation covers, as the table and the dialogs say it. */
function granteeName(authorization: SealAuthorization, allStaff: string): string {
  return authorization.grantee?.name ?? allStaff;
}

/** The seal's authorisations with their states, re-authorising and revoking. */
function Authorizations({ seal }: { seal: CompanySealDetail }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { companyId } = useSealConsole();
  const [renewing, setRenewing] = useState<SealAuthorization>();
  const revoke = useCompanySealMutation(companyId, revokeSealAuthorization);
  const allStaff = t('companySealPage.authorization.allStaff');

  const confirmRevoke = (authorization: SealAuthorization) => {
    void modal.confirm({
      title: t('companySealPage.authorization.revokeDialog.title'),
      content: t('companySealPage.authorization.revokeDialog.content', {
        grantee: granteeName(authorization, allStaff),
        seal: seal.name,
      }),
      okText: t('companySealPage.authorization.revoke'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        unlessShown(async () => {
          await revoke.mutateAsync(authorization.id);
          void message.success(t('companySealPage.authorization.revokeDialog.done'));
        }),
    });
  };

  const columns: TableColumnsType<SealAuthorization> = [
    {
      title: t('companySealPage.authorization.columns.grantee'),
      key: 'grantee',
      render: (_, authorization) =>
        authorization.grantee ? (
          <span>
            {authorization.grantee.name}
            <Typography.Text type="secondary" className="company-seal-phone">
              {authorization.grantee.phone}
            </Typography.Text>
          </span>
        ) : (
          allStaff
        ),
    },
    {
      title: t('companySealPage.authorization.columns.right'),
      key: 'right',
      render: (_, authorization) => t(`companySealPage.authorization.right.${authorization.right}`),
    },
    {
      title: t('companySealPage.authorization.columns.range'),
      key: 'range',
      render: (_, authorization) =>
        authorization.template
          ? t('companySealPage.authorization.templateRange', {
              name: authorization.template.name,
            })
          : t('companySealPage.authorization.allContracts'),
    },
    {
      title: t('companySealPage.authorization.columns.period'),
      key: 'period',
      render: (_, authorization) =>
        t('companySealPage.authorization.period', {
          start: authorization.startDate,
          end: authorization.endDate,
        }),
    },
    {
      title: t('companySealPage.authorization.columns.state'),
      key: 'state',
      render: (_, authorization) => <AuthorizationStateTag state={authorization.state} />,
    },
    ...(seal.can.authorize
      ? [
          {
            title: t('companySealPage.authorization.columns.actions'),
            key: 'actions',
            render: (_: unknown, authorization: SealAuthorization) => (
              <Space size={0} wrap>
                {(authorization.state === 'expired' || authorization.state === 'expiringSoon') && (
                  <Button type="link" onClick={() => setRenewing(authorization)}>
                    {t('companySealPage.authorization.reauthorize')}
                  </Button>
                )}
                <Button type="link" danger onClick={() => confirmRevoke(authorization)}>
                  {t('companySealPage.authorization.revoke')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      {seal.authorizations.length === 0 ? (
        <Empty description={t('companySealPage.view.noAuthorizations')} />
      ) : (
        <Table<SealAuthorization>
          rowKey="id"
          columns={columns}
          dataSource={seal.authorizations}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      )}
      {renewing && (
        <ReauthorizeDialog
          authorization={renewing}
          granteeName={granteeName(renewing, allStaff)}
          onClose={() => setRenewing(undefined)}
        />
      )}
    </>
  );
}

/**
 * /enterprise-console/seal-view?id= (spec 001 §5 Seal): the seal large with its fields and status,
 * the actions the server allows (edit, approve or reject, disuse or enable, delete), and its
 * authorisations with authorising, re-authorising and revoking.
 */
export default function CompanySealViewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const { companyId, locale } = useSealConsole();
  const detail = useQuery({ ...companySealQueries.detail(companyId, id), enabled: id !== '' });
  const [dialog, setDialog] = useState<'edit' | 'authorize'>();
  const seal = detail.data;

  const back = (
    <Link to={LIST_PATH} className="company-seal-back">
      <ArrowLeftOutlined aria-hidden /> {t('companySealPage.view.back')}
    </Link>
  );
  if (!seal) {
    return (
      <div className="page company-seal-page">
        {back}
        <h1 className="page-title">{t('companySealPage.view.title')}</h1>
        {detail.isPending && id ? (
          <Spin />
        ) : (
          <Empty
            image={<SafetyCertificateOutlined className="company-seal-empty-icon" aria-hidden />}
            description={t('companySealPage.view.notFound')}
          />
        )}
      </div>
    );
  }

  const yesNo = (value: boolean) =>
    t(value ? 'companySealPage.view.yes' : 'companySealPage.view.no');
  const fields = [
    [t('companySealPage.view.fields.type'), sealTypeName(seal.type, locale)],
    [t('companySealPage.view.fields.status'), <SealStatusTag key="status" seal={seal} />],
    [t('companySealPage.view.fields.makeWay'), t(`companySealPage.makeWay.${seal.makeWay}`)],
    ...(seal.makeWay === 'template'
      ? [
          [t('companySealPage.view.fields.colour'), t(`companySealPage.colour.${seal.colour}`)],
          ...(seal.type === 'legal'
            ? []
            : [
                [t('companySealPage.view.fields.horizontalText'), seal.horizontalText || '—'],
                [t('companySealPage.view.fields.belowText'), seal.belowText || '—'],
              ]),
          [t('companySealPage.view.fields.aged'), yesNo(seal.aged)],
        ]
      : []),
    [t('companySealPage.view.fields.usedCount'), seal.usedCount],
    [t('companySealPage.view.fields.createdBy'), seal.createdBy.name],
    [t('companySealPage.view.fields.createdAt'), formatDateTime(seal.createdAt, locale)],
  ] as const;

  return (
    <div className="page company-seal-page">
      {back}
      <header className="page-header list-page-header">
        <div>
          <h1 className="page-title">{seal.name}</h1>
          <p className="page-subtitle">{t('companySealPage.view.title')}</p>
        </div>
        <Space wrap>
          {seal.can.edit && (
            <Button icon={<EditOutlined aria-hidden />} onClick={() => setDialog('edit')}>
              {t('companySealPage.actions.edit')}
            </Button>
          )}
          {seal.can.authorize && seal.status === 'normal' && (
            <Button type="primary" onClick={() => setDialog('authorize')}>
              {t('companySealPage.actions.authorize')}
            </Button>
          )}
          <SealActionButtons seal={seal} onRemoved={() => void navigate(LIST_PATH)} />
        </Space>
      </header>
      <section className="company-seal-summary">
        <SealImage seal={seal} size={200} />
        <Descriptions
          column={{ xs: 1, sm: 1, md: 2 }}
          size="small"
          items={fields.map(([label, children], index) => ({ key: index, label, children }))}
        />
      </section>
      <section className="company-seal-authorizations">
        <h2 className="company-seal-section-title">{t('companySealPage.view.authorizations')}</h2>
        <Typography.Paragraph type="secondary">
          {seal.status === 'normal'
            ? t('companySealPage.view.authorizationsHint')
            : t('companySealPage.view.notUsable')}
        </Typography.Paragraph>
        <Authorizations seal={seal} />
      </section>
      {dialog === 'edit' && <EditSealDialog seal={seal} onClose={() => setDialog(undefined)} />}
      {dialog === 'authorize' && (
        <AuthorizeDialog seal={seal} onClose={() => setDialog(undefined)} />
      )}
    </div>
  );
}
