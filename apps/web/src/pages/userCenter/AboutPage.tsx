import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { Brand } from '../../layout/Brand';
import { BUILD } from './buildInfo';
import { UserCenterHeader } from './UserCenterHeader';
import './userCenter.css';

/** /user-center/about: the product, its version and the date it was built. */
export default function AboutPage() {
  const { t } = useTranslation();
  const year = (BUILD.date ?? new Date().toISOString()).slice(0, 4);
  return (
    <div className="page user-center-page">
      <UserCenterHeader title={t('routes.about')} subtitle={t('userCenterPage.about.subtitle')} />
      <section className="user-center-card user-center-about">
        <Brand />
        <p>{t('userCenterPage.about.description')}</p>
        <Descriptions column={1} bordered size="middle" className="user-center-details">
          <Descriptions.Item label={t('userCenterPage.about.version')}>
            {BUILD.version}
          </Descriptions.Item>
          <Descriptions.Item label={t('userCenterPage.about.buildDate')}>
            {BUILD.date ?? '—'}
          </Descriptions.Item>
        </Descriptions>
        <p className="user-center-hint">{t('userCenterPage.about.copyright', { year })}</p>
      </section>
    </div>
  );
}
