import {
  ClockCircleOutlined,
  EnvironmentOutlined,
  MailOutlined,
  PhoneOutlined,
} from '@ant-design/icons';
import { Alert, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserCenterHeader } from './UserCenterHeader';
import './userCenter.css';

/** /user-center/contact: how to reach support — hotline, hours, email, office. */
export default function ContactPage() {
  const { t } = useTranslation();
  const hotline = t('userCenterPage.contact.hotlineValue');
  const email = t('userCenterPage.contact.emailValue');
  return (
    <div className="page user-center-page">
      <UserCenterHeader
        title={t('routes.contact')}
        subtitle={t('userCenterPage.contact.subtitle')}
      />
      <section className="user-center-card">
        <Descriptions column={1} bordered size="middle" className="user-center-details">
          <Descriptions.Item
            label={
              <>
                <PhoneOutlined aria-hidden /> {t('userCenterPage.contact.hotline')}
              </>
            }
          >
            <a href={`tel:${hotline.replace(/\D/g, '')}`}>{hotline}</a>
          </Descriptions.Item>
          <Descriptions.Item
            label={
              <>
                <ClockCircleOutlined aria-hidden /> {t('userCenterPage.contact.hours')}
              </>
            }
          >
            {t('userCenterPage.contact.hoursValue')}
          </Descriptions.Item>
          <Descriptions.Item
            label={
              <>
                <MailOutlined aria-hidden /> {t('userCenterPage.contact.email')}
              </>
            }
          >
            <a href={`mailto:${email}`}>{email}</a>
          </Descriptions.Item>
          <Descriptions.Item
            label={
              <>
                <EnvironmentOutlined aria-hidden /> {t('userCenterPage.contact.address')}
              </>
            }
          >
            {t('userCenterPage.contact.addressValue')}
          </Descriptions.Item>
        </Descriptions>
        <Alert
          className="user-center-action"
          type="info"
          showIcon
          title={t('userCenterPage.contact.note')}
        />
      </section>
    </div>
  );
}
