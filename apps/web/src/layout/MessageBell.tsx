import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Dropdown, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { queries } from '../api/queries';
import { useSession } from '../session';
import { useGuardedNavigate } from './useGuardedNavigate';

const ALL_MESSAGES = '/msg-center/all';

/**
 * The unread count on a bell, opening the newest ten unread messages (for a real-name verified
 * user; an unverified one is asked to verify first).
 */
export function MessageBell() {
  const { t } = useTranslation();
  const { go } = useGuardedNavigate();
  const companyId = useSession((state) => state.companyId);
  // Messages need real-name verification (spec 000 §6): until then the server refuses them, and
  // the bell leads to the verification instead (useGuardedNavigate).
  const verified = useSession((state) => state.userInfo?.authStep === 'VERIFIED');
  const count = useQuery({ ...queries.unreadCount(companyId), enabled: verified });
  const unread = useQuery({ ...queries.unreadMessages(companyId), enabled: verified });
  const messages = unread.data?.records ?? [];

  return (
    <Dropdown
      trigger={['click']}
      popupRender={() => (
        <section className="message-panel" aria-labelledby="message-panel-title">
          <h2 id="message-panel-title" className="message-panel-title">
            {t('layout.unreadTitle')}
          </h2>
          {messages.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('layout.noUnread')} />
          ) : (
            <ul className="message-list">
              {messages.map((item) => (
                <li key={item.id}>
                  <button type="button" className="message-item" onClick={() => go(ALL_MESSAGES)}>
                    <span className="message-title">{item.title}</span>
                    <time className="message-time">{item.createTime}</time>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <Button type="link" block onClick={() => go(ALL_MESSAGES)}>
            {t('layout.allMessages')}
          </Button>
        </section>
      )}
    >
      <Button
        type="text"
        aria-label={t('layout.messages', { count: count.data ?? 0 })}
        icon={
          <Badge count={count.data ?? 0} size="small" overflowCount={99}>
            <BellOutlined className="header-icon" />
          </Badge>
        }
      />
    </Dropdown>
  );
}
