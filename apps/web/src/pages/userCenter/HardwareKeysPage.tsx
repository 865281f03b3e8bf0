import { DeleteOutlined, PlusOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import {
  HARDWARE_KEY_LIMIT,
  hardwareKeyRegisterBodySchema,
  pinSchema,
  type HardwareKey,
} from '@esign/platform';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Form, Input, Modal, Result, Tag, Tooltip } from 'antd';
import { format } from 'date-fns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fetchRegisterRandom,
  hardwareKeyKeys,
  hardwareKeyQueries,
  registerHardwareKey,
  useRemoveHardwareKey,
} from '../../api/hardwareKeys';
import { isShownFailure } from '../../api/client';
import { formatDateTime } from '../../i18n/dates';
import { FormModal } from '../../forms/FormModal';
import { schemaRule } from '../../forms/rules';
import { useSubmit } from '../../forms/useSubmit';
import { localeOf } from '../../i18n/locale';
import type { SoftwareKeyFile } from '../../keys/softwareKey';
import { UserCenterHeader } from './UserCenterHeader';
import './userCenter.css';

interface MakeKeyFields {
  name: string;
  pin: string;
  confirmPin: string;
}

/** Saves a key file in the browser's downloads. */
async function download(file: SoftwareKeyFile): Promise<string> {
  const { softwareKeyDownload } = await import('../../keys/softwareKey');
  const { blob, fileName } = softwareKeyDownload(file);
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return fileName;
}

/**
 * Makes a software key: the browser makes an SM2 key pair and signs a registration random with it,
 * the platform issues the certificate, and the key file (the private key under the PIN) is
 * downloaded. The dialog then says where the file went and offers it again while it is open —
 * afterwards nobody has it but the user.
 */
function MakeKeyDialog({ onClose }: { onClose(): void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const client = useQueryClient();
  const [form] = Form.useForm<MakeKeyFields>();
  const [made, setMade] = useState<{ file: SoftwareKeyFile; fileName: string } | null>(null);
  const { submit, pending, refusal } = useSubmit(async ({ name, pin }: MakeKeyFields) => {
    const keys = await import('../../keys/softwareKey');
    const pair = keys.newSoftwareKeyPair();
    const { random } = await fetchRegisterRandom();
    const registered = await registerHardwareKey({
      name,
      random,
      signature: keys.signWithKeyPair(random, pair),
      publicKey: pair.publicKey,
    });
    void client.invalidateQueries({ queryKey: hardwareKeyKeys.all });
    const file = await keys.writeSoftwareKeyFile({ keys: pair, pin, registered });
    setMade({ file, fileName: await download(file) });
  });

  if (made) {
    return (
      <Modal
        open
        title={t('hardwareKeys.create.title')}
        onCancel={onClose}
        footer={[
          <Button key="again" onClick={() => void download(made.file)}>
            {t('hardwareKeys.create.downloadAgain')}
          </Button>,
          <Button key="done" type="primary" onClick={onClose}>
            {t('hardwareKeys.create.done')}
          </Button>,
        ]}
      >
        <Result
          status="success"
          title={t('hardwareKeys.create.doneTitle')}
          subTitle={t('hardwareKeys.create.doneBody', { file: made.fileName })}
        />
      </Modal>
    );
  }
  return (
    <FormModal<MakeKeyFields>
      open
      title={t('hardwareKeys.create.title')}
      okText={t('hardwareKeys.create.submit')}
      pending={pending}
      refusal={refusal}
      form={form}
      name="hardware-key"
      initialValues={{ name: t('hardwareKeys.create.defaultName') }}
      onFinish={submit}
      onClose={onClose}
    >
      <p className="user-center-hint hardware-key-intro">{t('hardwareKeys.create.intro')}</p>
      <Form.Item
        name="name"
        label={t('hardwareKeys.create.name')}
        rules={[schemaRule(hardwareKeyRegisterBodySchema.shape.name, locale)]}
      >
        <Input maxLength={30} placeholder={t('hardwareKeys.create.namePlaceholder')} />
      </Form.Item>
      <Form.Item
        name="pin"
        label={t('hardwareKeys.create.pin')}
        extra={t('hardwareKeys.create.pinHint')}
        rules={[schemaRule(pinSchema, locale)]}
      >
        <Input.Password maxLength={16} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPin"
        label={t('hardwareKeys.create.confirmPin')}
        dependencies={['pin']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: unknown) => {
              if (value !== getFieldValue('pin')) {
                throw new Error(t('hardwareKeys.create.pinMismatch'));
              }
            },
          }),
        ]}
      >
        <Input.Password maxLength={16} autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}

/** One registered key: its name and state, its certificate's facts, and removing it. */
function KeyCard({ item, onRemove }: { item: HardwareKey; onRemove(): void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  // A day as the rest of the page writes it: Mar 14, 2025 or 2025-03-14.
  const date = (iso: string) => format(new Date(iso), locale === 'zh' ? 'yyyy-MM-dd' : 'PP');
  return (
    <li className="hardware-key-card">
      <div className="hardware-key-head">
        <SafetyCertificateOutlined className="hardware-key-icon" aria-hidden />
        <div className="hardware-key-title">
          <strong>{item.name}</strong>
          <span>
            <Tag color={item.status === 'active' ? 'success' : 'default'}>
              {t(item.status === 'active' ? 'hardwareKeys.active' : 'hardwareKeys.expired')}
            </Tag>
            <Tag>
              {t(
                item.source === 'issued'
                  ? 'hardwareKeys.sourceIssued'
                  : 'hardwareKeys.sourceUploaded',
              )}
            </Tag>
          </span>
        </div>
        <Button
          type="link"
          danger
          icon={<DeleteOutlined aria-hidden />}
          aria-label={t('hardwareKeys.removeLabel', { name: item.name })}
          onClick={onRemove}
        >
          {t('hardwareKeys.remove')}
        </Button>
      </div>
      <dl className="hardware-key-facts">
        <div>
          <dt>{t('hardwareKeys.algorithm')}</dt>
          <dd>{item.algorithm}</dd>
        </div>
        <div>
          <dt>{t('hardwareKeys.validity')}</dt>
          <dd>
            {t('hardwareKeys.validityRange', {
              from: date(item.notBefore),
              to: date(item.notAfter),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('hardwareKeys.registered')}</dt>
          <dd>{formatDateTime(item.registeredAt, locale)}</dd>
        </div>
        <div>
          <dt>{t('hardwareKeys.lastUsed')}</dt>
          <dd>
            {item.lastUsedAt ? formatDateTime(item.lastUsedAt, locale) : t('hardwareKeys.never')}
          </dd>
        </div>
        <div className="hardware-key-wide">
          <dt>{t('hardwareKeys.serial')}</dt>
          <dd className="hardware-key-serial">{item.serial}</dd>
        </div>
        <div className="hardware-key-wide">
          <dt>{t('hardwareKeys.issuer')}</dt>
          <dd>{item.issuer}</dd>
        </div>
      </dl>
    </li>
  );
}

/**
 * /user-center/hardware-key: the keys that log the user in (hardware-keys/CONTEXT.md on the
 * server) — each with its certificate's serial, algorithm, validity and issuer — made here as
 * software keys, and removed after a confirmation.
 */
export default function HardwareKeysPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const list = useQuery(hardwareKeyQueries.list());
  const remove = useRemoveHardwareKey();
  const [making, setMaking] = useState(false);
  const keys = list.data ?? [];
  const full = keys.length >= HARDWARE_KEY_LIMIT;

  const confirmRemove = (item: HardwareKey) =>
    modal.confirm({
      title: t('hardwareKeys.removeTitle'),
      content: t('hardwareKeys.removeBody', { name: item.name, serial: item.serial }),
      okText: t('hardwareKeys.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove.mutateAsync(item.id).then(
          () => void message.success(t('hardwareKeys.removed')),
          (error: unknown) => {
            if (!isShownFailure(error)) throw error;
          },
        ),
    });

  const makeButton = (
    <Tooltip title={full ? t('hardwareKeys.limitReached', { limit: HARDWARE_KEY_LIMIT }) : ''}>
      <Button
        type="primary"
        icon={<PlusOutlined aria-hidden />}
        disabled={full}
        onClick={() => setMaking(true)}
      >
        {t('hardwareKeys.make')}
      </Button>
    </Tooltip>
  );

  return (
    <div className="page user-center-page">
      <div className="user-center-heading-row">
        <UserCenterHeader title={t('routes.hardwareKeys')} subtitle={t('hardwareKeys.subtitle')} />
        {keys.length > 0 ? makeButton : null}
      </div>
      <section className="user-center-card">
        {list.isError && !list.data ? (
          <Empty description={t('userCenterPage.loadFailed')}>
            <Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>
          </Empty>
        ) : list.data && keys.length === 0 ? (
          <Empty
            image={<SafetyCertificateOutlined className="user-center-empty-icon" aria-hidden />}
            description={
              <>
                <strong className="user-center-empty-title">{t('hardwareKeys.emptyTitle')}</strong>
                <span className="user-center-hint">{t('hardwareKeys.emptyHint')}</span>
              </>
            }
          >
            {makeButton}
          </Empty>
        ) : (
          <>
            <ul className="hardware-key-list" aria-busy={list.isFetching || undefined}>
              {keys.map((item) => (
                <KeyCard key={item.id} item={item} onRemove={() => confirmRemove(item)} />
              ))}
            </ul>
            <p className="user-center-hint user-center-count">
              {full
                ? t('hardwareKeys.limitReached', { limit: HARDWARE_KEY_LIMIT })
                : t('hardwareKeys.count', { count: keys.length, limit: HARDWARE_KEY_LIMIT })}
            </p>
          </>
        )}
        <p className="user-center-hint hardware-key-vendor">{t('hardwareKeys.vendorNote')}</p>
      </section>
      {making ? <MakeKeyDialog onClose={() => setMaking(false)} /> : null}
    </div>
  );
}
