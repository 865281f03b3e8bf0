import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../../routes/table';
import { useRouteTitle } from '../../routes/useRouteTitle';
import { Outcome } from './Outcome';

/** A screen that a later release fills: named after its route, so every route is reachable now. */
export default function ComingLaterPage() {
  const title = useRouteTitle();
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Outcome
      icon={<ClockCircleOutlined aria-hidden />}
      heading={title ? t(`routes.${title}`) : t('app.title')}
      description={t('comingLater.description')}
      action={{ label: t('common.backHome'), onClick: () => navigate(HOME_PATH) }}
    />
  );
}
