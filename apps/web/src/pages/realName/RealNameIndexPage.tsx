import {
  BankOutlined,
  CameraOutlined,
  FileSearchOutlined,
  MobileOutlined,
} from '@ant-design/icons';
import { REAL_NAME_METHODS, message, type RealNameMethod } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Radio, Skeleton, Space, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { realNameQueries } from '../../api/realName';
import { localeOf } from '../../i18n/locale';
import { ReviewState, VerifiedResult, isDevelopment } from './parts';

const ICONS: Record<RealNameMethod, ReactNode> = {
  phone: <MobileOutlined aria-hidden />,
  face: <CameraOutlined aria-hidden />,
  bankCard: <BankOutlined aria-hidden />,
  manual: <FileSearchOutlined aria-hidden />,
};

/**
 * /real-name/index?isPerson=true: the person chooses how to verify (each method explained, the
 * unavailable ones disabled) and accepts the agreement; isPerson=false leads to the company page.
 */
export default function RealNameIndexPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const isPerson = params.get('isPerson') !== 'false';
  const state = useQuery({ ...realNameQueries.state(), enabled: isPerson });
  const [method, setMethod] = useState<RealNameMethod>('phone');
  const [agreed, setAgreed] = useState(false);
  const [refusal, setRefusal] = useState(false);

  const header = (
    <header className="page-header">
      <h1 className="page-title">{t('routes.realNameIndex')}</h1>
      <p className="page-subtitle">
        {isPerson ? t('realNamePage.intro') : t('realNamePage.companyIntro')}
      </p>
    </header>
  );
  if (!isPerson) {
    return (
      <div className="page real-name-page">
        {header}
        <Card>
          <Button type="primary" onClick={() => navigate('/real-name/company')}>
            {t('realNamePage.companyGo')}
          </Button>
        </Card>
      </div>
    );
  }
  if (!state.data) {
    return (
      <div className="page real-name-page">
        {header}
        <Skeleton active />
      </div>
    );
  }
  const current = state.data;
  if (current.verified) {
    return (
      <div className="page real-name-page">
        {header}
        <VerifiedResult name={current.name} />
      </div>
    );
  }

  const next = () => {
    if (!agreed) {
      setRefusal(true);
      return;
    }
    navigate(`/real-name/person?method=${method}&agreed=1`);
  };

  return (
    <div className="page real-name-page">
      {header}
      {current.review && current.review.status !== 'approved' ? (
        <ReviewState
          review={current.review}
          onAgain={() => navigate('/real-name/person?method=manual&agreed=1')}
        />
      ) : null}
      <Card>
        <Radio.Group
          className="real-name-methods"
          value={method}
          onChange={(event) => setMethod(event.target.value as RealNameMethod)}
          aria-label={t('routes.realNameIndex')}
        >
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            {REAL_NAME_METHODS.map((each) => (
              <Radio key={each} value={each} disabled={!current.available[each]}>
                <Space align="start">
                  {ICONS[each]}
                  <span>
                    <Typography.Text strong>{t(`realNamePage.methods.${each}`)}</Typography.Text>{' '}
                    {isDevelopment(current, each) ? <Tag color="warning">dev</Tag> : null}
                    {!current.available[each] ? <Tag>{t('realNamePage.unavailable')}</Tag> : null}
                    <br />
                    <Typography.Text type="secondary">
                      {t(`realNamePage.methodHints.${each}`)}
                    </Typography.Text>
                  </span>
                </Space>
              </Radio>
            ))}
          </Space>
        </Radio.Group>
        <Typography.Paragraph type="secondary" style={{ marginTop: 24 }}>
          {t('realNamePage.agreementText')}
        </Typography.Paragraph>
        <Checkbox
          checked={agreed}
          onChange={(event) => {
            setAgreed(event.target.checked);
            setRefusal(false);
          }}
        >
          {t('realNamePage.agreement')}
        </Checkbox>
        {refusal ? (
          <Alert
            role="alert"
            type="error"
            showIcon
            style={{ marginTop: 12 }}
            title={message('agreementRequired', localeOf(i18n))}
          />
        ) : null}
        <div style={{ marginTop: 24 }}>
          <Space>
            <Button type="primary" onClick={next}>
              {t('realNamePage.next')}
            </Button>
            <Link to="/real-name/index?isPerson=false">{t('realNamePage.company')}</Link>
            {current.operator ? (
              <Link to="/operator/reviews">{t('realNamePage.operator.operatorsLink')}</Link>
            ) : null}
          </Space>
        </div>
      </Card>
    </div>
  );
}
