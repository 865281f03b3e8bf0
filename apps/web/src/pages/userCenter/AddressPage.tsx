import { DeleteOutlined, EditOutlined, EnvironmentOutlined, PlusOutlined } from '@ant-design/icons';
import { USER_ADDRESS_LIMIT, digitsOnly, userAddressBody, type UserAddress } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Form, Input, Space, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isShownFailure } from '../../api/client';
import { useRemoveAddress, useSaveAddress, userCenterQueries } from '../../api/userCenter';
import { FormModal } from '../../forms/FormModal';
import { schemaRule } from '../../forms/rules';
import { useSubmit } from '../../forms/useSubmit';
import { localeOf } from '../../i18n/locale';
import { UserCenterHeader } from './UserCenterHeader';
import { submitOnEnter } from './submitOnEnter';
import './userCenter.css';

type AddressFields = Pick<UserAddress, 'name' | 'phone' | 'address'>;

/**
 * Adds an address (`editing` null) or edits one, with the server's rules and messages; mounted
 * once per opening, so that the form starts from the address it edits.
 */
function AddressDialog({ editing, onClose }: { editing: UserAddress | null; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { message } = App.useApp();
  const [form] = Form.useForm<AddressFields>();
  const save = useSaveAddress();
  const { submit, pending, refusal } = useSubmit(async (values: AddressFields) => {
    await save.mutateAsync(editing ? { ...values, id: editing.id } : values);
    void message.success(
      t(editing ? 'userCenterPage.address.saved' : 'userCenterPage.address.added'),
    );
    onClose();
  });
  const rule = (field: keyof AddressFields) => schemaRule(userAddressBody.shape[field], locale);
  return (
    <FormModal<AddressFields>
      open
      title={t(editing ? 'userCenterPage.address.editTitle' : 'userCenterPage.address.addTitle')}
      okText={t('userCenterPage.address.save')}
      pending={pending}
      refusal={refusal}
      form={form}
      name="address"
      initialValues={editing ?? undefined}
      onFinish={submit}
      onClose={onClose}
    >
      <div onKeyDown={submitOnEnter(form)}>
        <Form.Item name="name" label={t('userCenterPage.address.name')} rules={[rule('name')]}>
          <Input
            maxLength={30}
            autoComplete="name"
            placeholder={t('userCenterPage.address.namePlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('userCenterPage.address.phone')}
          rules={[rule('phone')]}
          normalize={(value: unknown) => digitsOnly(String(value ?? ''))}
        >
          <Input inputMode="numeric" autoComplete="tel" maxLength={11} />
        </Form.Item>
        <Form.Item
          name="address"
          label={t('userCenterPage.address.address')}
          rules={[rule('address')]}
        >
          <Input.TextArea
            rows={3}
            maxLength={200}
            showCount
            autoComplete="street-address"
            placeholder={t('userCenterPage.address.addressPlaceholder')}
          />
        </Form.Item>
      </div>
    </FormModal>
  );
}

/**
 * /user-center/address: the user's addresses (recipient, phone, address), added and edited in a
 * dialog, removed after a confirmation; at most 20, as the page says.
 */
export default function AddressPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const list = useQuery(userCenterQueries.addresses());
  const remove = useRemoveAddress();
  const [dialog, setDialog] = useState<{ editing: UserAddress | null } | null>(null);
  const addresses = list.data ?? [];
  const full = addresses.length >= USER_ADDRESS_LIMIT;

  const confirmRemove = (address: UserAddress) =>
    modal.confirm({
      title: t('userCenterPage.address.removeTitle'),
      content: t('userCenterPage.address.removeBody', {
        name: address.name,
        address: address.address,
      }),
      okText: t('userCenterPage.address.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove.mutateAsync(address.id).then(
          () => void message.success(t('userCenterPage.address.removed')),
          (error: unknown) => {
            if (!isShownFailure(error)) throw error;
          },
        ),
    });

  const addButton = (
    <Tooltip
      title={full ? t('userCenterPage.address.limitReached', { limit: USER_ADDRESS_LIMIT }) : ''}
    >
      <Button
        type="primary"
        icon={<PlusOutlined aria-hidden />}
        disabled={full}
        onClick={() => setDialog({ editing: null })}
      >
        {t('userCenterPage.address.add')}
      </Button>
    </Tooltip>
  );

  return (
    <div className="page user-center-page">
      <div className="user-center-heading-row">
        <UserCenterHeader
          title={t('routes.addresses')}
          subtitle={t('userCenterPage.address.subtitle')}
        />
        {addresses.length > 0 ? addButton : null}
      </div>
      <section className="user-center-card">
        {list.isError && !list.data ? (
          <Empty description={t('userCenterPage.loadFailed')}>
            <Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>
          </Empty>
        ) : list.data && addresses.length === 0 ? (
          <Empty
            image={<EnvironmentOutlined className="user-center-empty-icon" aria-hidden />}
            description={
              <>
                <strong className="user-center-empty-title">
                  {t('userCenterPage.address.emptyTitle')}
                </strong>
                <span className="user-center-hint">{t('userCenterPage.address.emptyHint')}</span>
              </>
            }
          >
            {addButton}
          </Empty>
        ) : (
          <>
            <Table<UserAddress>
              rowKey="id"
              loading={list.isFetching}
              dataSource={addresses}
              pagination={false}
              columns={[
                {
                  key: 'name',
                  title: t('userCenterPage.address.name'),
                  render: (_, row) => <strong>{row.name}</strong>,
                },
                { key: 'phone', title: t('userCenterPage.address.phone'), dataIndex: 'phone' },
                {
                  key: 'address',
                  title: t('userCenterPage.address.address'),
                  dataIndex: 'address',
                },
                {
                  key: 'actions',
                  title: t('userCenterPage.address.actions'),
                  render: (_, row) => (
                    <Space>
                      <Button
                        type="link"
                        icon={<EditOutlined aria-hidden />}
                        aria-label={t('userCenterPage.address.editLabel', { name: row.name })}
                        onClick={() => setDialog({ editing: row })}
                      >
                        {t('userCenterPage.address.edit')}
                      </Button>
                      <Button
                        type="link"
                        danger
                        icon={<DeleteOutlined aria-hidden />}
                        aria-label={t('userCenterPage.address.removeLabel', { name: row.name })}
                        onClick={() => confirmRemove(row)}
                      >
                        {t('userCenterPage.address.remove')}
                      </Button>
                    </Space>
                  ),
                },
              ]}
            />
            <p className="user-center-hint user-center-count">
              {full
                ? t('userCenterPage.address.limitReached', { limit: USER_ADDRESS_LIMIT })
                : t('userCenterPage.address.count', {
                    count: addresses.length,
                    limit: USER_ADDRESS_LIMIT,
                  })}
            </p>
          </>
        )}
      </section>
      {dialog ? (
        <AddressDialog
          key={dialog.editing?.id ?? 'new'}
          editing={dialog.editing}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}
