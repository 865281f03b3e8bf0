import { LockOutlined, MobileOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { message as platformMessage } from '@esign/platform';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Descriptions, Empty, Skeleton, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchUserInfo } from '../../api/shell';
import { userCenterKeys, userCenterQueries } from '../../api/userCenter';
import { FormRefusal } from '../../forms/FormRefusal';
import { localeOf } from '../../i18n/locale';
import { useIsMobile } from '../../layout/useIsMobile';
import { ChangePasswordModal } from '../../layout/ChangePasswordModal';
import { session } from '../../session';
import { AvatarCropDialog } from './AvatarCropDialog';
import { ChangePhoneDialog } from './ChangePhoneDialog';
import { SetPasswordDialog } from './SetPasswordDialog';
import { avatarFileRefusal } from './avatarCrop';
import { useAvatarImage } from './useAvatarImage';
import { UserCenterHeader } from './UserCenterHeader';
import './userCenter.css';

/**
 * /user-center/basic: the verified name (read-only), the masked phone with its change (codes to
 * both phones), the avatar (chosen, judged by its bytes, cropped, uploaded), and the password:
 * changed when set, set when not (is-setted-password decides).
 */
export default function BasicPage() {
  const { t, i18n } = useTranslation();
  // On a phone each label stands above its value: side by side they ran past the screen's edge.
  const mobile = useIsMobile();
  const client = useQueryClient();
  const profile = useQuery(userCenterQueries.profile());
  const passwordSet = useQuery(userCenterQueries.passwordSet());
  const avatar = useAvatarImage(profile.data?.avatar);
  // The chosen picture, with a count so that each choice starts a fresh crop.
  const [cropping, setCropping] = useState<{ file: File; choice: number } | null>(null);
  const [dialog, setDialog] = useState<'phone' | 'changePassword' | 'setPassword' | null>(null);
  const close = () => setDialog(null);
  // Why the last picture was refused, kept beside the avatar until another is chosen or it is
  // closed: a passing toast would leave the person with no picture and no reason.
  const [avatarRefused, setAvatarRefused] = useState<string | null>(null);

  const choose = async (file: File) => {
    setAvatarRefused(null);
    const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
    const refusal = avatarFileRefusal(head, file.size);
    if (refusal) setAvatarRefused(platformMessage(refusal, localeOf(i18n)));
    else setCropping((current) => ({ file, choice: (current?.choice ?? 0) + 1 }));
  };

  const avatarSaved = async () => {
    setCropping(null);
    await client.invalidateQueries({ queryKey: userCenterKeys.profile });
    // The top bar shows the avatar too.
    session.getState().setUserInfo(await fetchUserInfo());
  };

  const data = profile.data;
  return (
    <div className="page user-center-page">
      <UserCenterHeader title={t('routes.basic')} subtitle={t('userCenterPage.basic.subtitle')} />
      <section className="user-center-card">
        {profile.isError && !data ? (
          <Empty description={t('userCenterPage.loadFailed')}>
            <Button onClick={() => void profile.refetch()}>{t('common.retry')}</Button>
          </Empty>
        ) : !data ? (
          <Skeleton active avatar paragraph={{ rows: 4 }} />
        ) : (
          <Descriptions
            column={1}
            bordered
            size="middle"
            layout={mobile ? 'vertical' : 'horizontal'}
            className="user-center-details"
          >
            <Descriptions.Item label={t('userCenterPage.basic.avatar')}>
              <div className="user-center-avatar-row">
                <Avatar
                  size={64}
                  src={avatar || undefined}
                  icon={<UserOutlined />}
                  alt={t('userCenterPage.basic.avatar')}
                />
                <div>
                  <Upload
                    accept="image/png,image/jpeg"
                    showUploadList={false}
                    beforeUpload={(file) => {
                      void choose(file);
                      return Upload.LIST_IGNORE;
                    }}
                  >
                    <Button icon={<UploadOutlined aria-hidden />}>
                      {data.avatar
                        ? t('userCenterPage.basic.changeAvatar')
                        : t('userCenterPage.basic.uploadAvatar')}
                    </Button>
                  </Upload>
                  <p className="user-center-hint">
                    {data.avatar ? null : `${t('userCenterPage.basic.noAvatar')}. `}
                    {t('userCenterPage.basic.avatarHint')}
                  </p>
                  <FormRefusal
                    refusal={
                      avatarRefused === null
                        ? null
                        : {
                            text: avatarRefused,
                            field: null,
                            dismiss: () => setAvatarRefused(null),
                          }
                    }
                  />
                </div>
              </div>
            </Descriptions.Item>
            <Descriptions.Item label={t('userCenterPage.basic.name')}>
              <strong>{data.name}</strong>{' '}
              {data.realNameVerified ? (
                <Tag color="success">{t('userCenterPage.basic.verified')}</Tag>
              ) : (
                <Tag>{t('userCenterPage.basic.notVerified')}</Tag>
              )}
              <p className="user-center-hint">{t('userCenterPage.basic.nameLocked')}</p>
            </Descriptions.Item>
            <Descriptions.Item label={t('userCenterPage.basic.phone')}>
              <span className="user-center-value">{data.maskedPhone}</span>
              <Button icon={<MobileOutlined aria-hidden />} onClick={() => setDialog('phone')}>
                {t('userCenterPage.basic.changePhone')}
              </Button>
            </Descriptions.Item>
            <Descriptions.Item label={t('userCenterPage.basic.password')}>
              {passwordSet.data === undefined ? (
                <Skeleton.Input active size="small" />
              ) : (
                <>
                  <span className="user-center-value">
                    {passwordSet.data
                      ? t('userCenterPage.basic.passwordIsSet')
                      : t('userCenterPage.basic.passwordNotSet')}
                  </span>
                  <Button
                    icon={<LockOutlined aria-hidden />}
                    onClick={() => setDialog(passwordSet.data ? 'changePassword' : 'setPassword')}
                  >
                    {passwordSet.data
                      ? t('userCenterPage.basic.changePassword')
                      : t('userCenterPage.basic.setPassword')}
                  </Button>
                </>
              )}
            </Descriptions.Item>
          </Descriptions>
        )}
      </section>
      {cropping ? (
        <AvatarCropDialog
          key={cropping.choice}
          file={cropping.file}
          onClose={() => setCropping(null)}
          onUnreadable={(text) => {
            setCropping(null);
            setAvatarRefused(text);
          }}
          onSaved={() => void avatarSaved()}
        />
      ) : null}
      <ChangePhoneDialog
        open={dialog === 'phone'}
        maskedPhone={data?.maskedPhone ?? ''}
        onClose={close}
        onChanged={() => void client.invalidateQueries({ queryKey: userCenterKeys.profile })}
      />
      <ChangePasswordModal open={dialog === 'changePassword'} onClose={close} />
      <SetPasswordDialog
        open={dialog === 'setPassword'}
        onClose={close}
        onDone={() => void client.invalidateQueries({ queryKey: userCenterKeys.passwordSet })}
      />
    </div>
  );
}
