import {
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  SafetyCertificateOutlined,
  StarOutlined,
} from '@ant-design/icons';
import { PERSONAL_SEAL_LIMIT, sealRenameBody, type PersonalSeal } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Empty, Form, Input, Skeleton, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isShownFailure } from '../../api/client';
import {
  sealQueries,
  useRemovePersonalSeal,
  useRenamePersonalSeal,
  useSetDefaultPersonalSeal,
} from '../../api/seals';
import { FormModal } from '../../forms/FormModal';
import { schemaRule } from '../../forms/rules';
import { useSubmit } from '../../forms/useSubmit';
import { localeOf } from '../../i18n/locale';
import { UserCenterHeader } from '../userCenter/UserCenterHeader';
import { submitOnEnter } from '../userCenter/submitOnEnter';
import '../userCenter/userCenter.css';
import { SealImage } from './SealImage';
import './seals.css';

/** Where a seal is made. */
export const SEAL_CREATE_PATH = '/user-center/create';

/** Renames a seal with the server's name rule; Enter in the field saves, as OK does. */
function RenameDialog({ seal, onClose }: { seal: PersonalSeal; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const rename = useRenamePersonalSeal();
  const { submit, pending, refusal } = useSubmit(async ({ name }: { name: string }) => {
    await rename.mutateAsync({ id: seal.id, name });
    void message.success(t('sealsPage.list.renamed'));
    onClose();
  });
  return (
    <FormModal<{ name: string }>
      open
      title={t('sealsPage.list.renameTitle')}
      okText={t('sealsPage.list.save')}
      pending={pending}
      refusal={refusal}
      form={form}
      name="seal-rename"
      initialValues={{ name: seal.name }}
      onFinish={submit}
      onClose={onClose}
    >
      <div onKeyDown={submitOnEnter(form)}>
        <Form.Item
          name="name"
          label={t('sealsPage.name')}
          rules={[schemaRule(sealRenameBody.shape.name, localeOf(i18n))]}
        >
          <Input autoFocus maxLength={40} />
        </Form.Item>
      </div>
    </FormModal>
  );
}

/** One seal: its picture, name, how it was made, its tags and what may be done with it. */
function SealCard({
  seal,
  onRename,
  onRemove,
}: {
  seal: PersonalSeal;
  onRename(): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const setDefault = useSetDefaultPersonalSeal();
  const disused = seal.status === 'disuse';
  const actions = [
    <Button
      key="rename"
      type="link"
      icon={<EditOutlined aria-hidden />}
      aria-label={t('sealsPage.list.renameLabel', { name: seal.name })}
      onClick={onRename}
    >
      {t('sealsPage.list.rename')}
    </Button>,
  ];
  if (!disused) {
    if (!seal.default) {
      actions.unshift(
        <Button
          key="default"
          type="link"
          icon={<StarOutlined aria-hidden />}
          aria-label={t('sealsPage.list.setDefaultLabel', { name: seal.name })}
          loading={setDefault.isPending}
          onClick={() =>
            setDefault.mutate(seal.id, {
              onSuccess: () =>
                void message.success(t('sealsPage.list.defaultSet', { name: seal.name })),
            })
          }
        >
          {t('sealsPage.list.setDefault')}
        </Button>,
      );
    }
    actions.push(
      <Button
        key="remove"
        type="link"
        danger
        icon={<DeleteOutlined aria-hidden />}
        aria-label={t('sealsPage.list.removeLabel', { name: seal.name })}
        onClick={onRemove}
      >
        {t('sealsPage.list.remove')}
      </Button>,
    );
  }
  const headingId = `seal-${seal.id}-name`;
  return (
    <Card
      role="article"
      aria-labelledby={headingId}
      className={disused ? 'seal-card seal-card-disused' : 'seal-card'}
      cover={
        <div className="seal-card-image">
          <SealImage link={seal.imageUrl} alt={seal.name} />
        </div>
      }
      actions={actions}
    >
      <h2 id={headingId} className="seal-card-name">
        {seal.name}
      </h2>
      <div className="seal-card-tags">
        <Tag>{t(`sealsPage.makeWays.${seal.makeWay}`)}</Tag>
        {seal.default ? <Tag color="blue">{t('sealsPage.list.default')}</Tag> : null}
        {disused ? <Tag>{t('sealsPage.list.disused')}</Tag> : null}
      </div>
      <p className="seal-card-meta">
        {disused
          ? t('sealsPage.list.disusedHint', { count: seal.usedCount })
          : t('sealsPage.list.used', { count: seal.usedCount })}
      </p>
    </Card>
  );
}

/**
 * /user-center/seal: the person's seals as cards (the default first, disused ones greyed and kept
 * for the contracts they signed), each renamed, made the default or removed here; a way to make
 * another, at most `PERSONAL_SEAL_LIMIT` in all.
 */
export default function SealsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const list = useQuery(sealQueries.list());
  const remove = useRemovePersonalSeal();
  const [renaming, setRenaming] = useState<PersonalSeal | null>(null);
  const seals = list.data ?? [];
  const full = seals.length >= PERSONAL_SEAL_LIMIT;

  const confirmRemove = (seal: PersonalSeal) =>
    modal.confirm({
      title: t('sealsPage.list.removeTitle', { name: seal.name }),
      content:
        seal.usedCount > 0
          ? t('sealsPage.list.removeKeeps', { count: seal.usedCount })
          : t('sealsPage.list.removeDeletes'),
      okText: t('sealsPage.list.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove.mutateAsync(seal.id).then(
          ({ outcome }) =>
            void message.success(
              t(outcome === 'disused' ? 'sealsPage.list.keptDisused' : 'sealsPage.list.deleted', {
                name: seal.name,
              }),
            ),
          (error: unknown) => {
            if (!isShownFailure(error)) throw error;
          },
        ),
    });

  const createButton = (
    <Tooltip title={full ? t('sealsPage.list.limitReached', { limit: PERSONAL_SEAL_LIMIT }) : ''}>
      <Button
        type="primary"
        icon={<PlusOutlined aria-hidden />}
        disabled={full}
        onClick={() => void navigate(SEAL_CREATE_PATH)}
      >
        {t('sealsPage.list.create')}
      </Button>
    </Tooltip>
  );

  let content;
  if (list.isPending) {
    content = (
      <div className="seal-grid" role="status" aria-label={t('sealsPage.list.loading')}>
        {[0, 1, 2].map((key) => (
          <Card key={key} className="seal-card">
            <Skeleton active />
          </Card>
        ))}
      </div>
    );
  } else if (list.isError && !list.data) {
    content = (
      <section className="user-center-card">
        <Empty description={t('sealsPage.list.loadFailed')}>
          <Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>
        </Empty>
      </section>
    );
  } else if (seals.length === 0) {
    content = (
      <section className="user-center-card">
        <Empty
          image={<SafetyCertificateOutlined className="user-center-empty-icon" aria-hidden />}
          description={
            <>
              <strong className="user-center-empty-title">{t('sealsPage.list.emptyTitle')}</strong>
              <span className="user-center-hint">{t('sealsPage.list.emptyHint')}</span>
            </>
          }
        >
          {createButton}
        </Empty>
      </section>
    );
  } else {
    content = (
      <>
        <ul className="seal-grid" aria-label={t('routes.mySeals')}>
          {seals.map((seal) => (
            <li key={seal.id}>
              <SealCard
                seal={seal}
                onRename={() => setRenaming(seal)}
                onRemove={() => confirmRemove(seal)}
              />
            </li>
          ))}
        </ul>
        <p className="user-center-hint user-center-count">
          {full
            ? t('sealsPage.list.limitReached', { limit: PERSONAL_SEAL_LIMIT })
            : t('sealsPage.list.count', { count: seals.length, limit: PERSONAL_SEAL_LIMIT })}
        </p>
      </>
    );
  }

  return (
    <div className="page user-center-page">
      <div className="user-center-heading-row">
        <UserCenterHeader title={t('routes.mySeals')} subtitle={t('sealsPage.list.subtitle')} />
        {seals.length > 0 ? createButton : null}
      </div>
      {content}
      {renaming ? (
        <RenameDialog key={renaming.id} seal={renaming} onClose={() => setRenaming(null)} />
      ) : null}
    </div>
  );
}
