import { BellOutlined } from '@ant-design/icons';
import type { MessageItem } from '@esign/platform';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Dropdown, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { queries } from '../api/queries';
import { markMessagesRead } from '../api/shell';
import { useSession } from '../session';
import { messageTarget } from './messageTarget';
import { useGuardedNavigate } from './useGuardedNavigate';
import { useSwitchConsole } from './useSwitchConsole';

const ALL_MESSAGES = '/msg-center/all';

/**
 * The unread count on a bell, opening the newest ten unread messages (for a real-name verified
 * user; an unverified one is asked to verify first). Opening a message marks it read and leads
 * where it is about (`messageTarget`): a contract's details, the staff list, a seal list…, in the
 * console it was sent to (spec 001 §4: a company message signs into that company first); one that
 * leads nowhere in particular opens the message centre.
 */
export function MessageBell() {
  const { t } = useTranslation();
  const { go } = useGuardedNavigate();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { switchTo } = useSwitchConsole();
  const [open, setOpen] = useState(false);
  const companyId = useSession((state) => state.companyId);
  // Messages need real-name verification (spec 000 §6): until then the server refuses them, and
  // the bell leads to the verification instead (useGuardedNavigate).
  const verified = useSession((state) => state.userInfo?.authStep === 'VERIFIED');
  const count = useQuery({ ...queries.unreadCount(companyId), enabled: verified });
  const unread = useQuery({ ...queries.unreadMessages(companyId), enabled: verified });
  const messages = unread.data?.records ?? [];

  const openMessage = async (item: MessageItem) => {
    setOpen(false);
    // Marked read before leaving: the count is right wherever the message leads. A failure to
    // mark it does not keep the user from what the message is about.
    await markMessagesRead([item.id]).catch(() => undefined);
    void client.invalidateQueries({ queryKey: ['messages'] });
    const target = messageTarget(item);
    if (!target) return go(ALL_MESSAGES);
    if (target.console !== null && target.console !== companyId) {
      if (!(await switchTo(target.console))) return;
    }
    navigate(target.path);
  };

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      rootClassName="message-dropdown"
      open={open}
      onOpenChange={setOpen}
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
                  <button
                    type="button"
                    className="message-item"
                    onClick={() => void openMessage(item)}
                  >
                    <span className="message-title">{item.title}</span>
                    {item.content && item.content !== item.title ? (
                      <span className="message-content">{item.content}</span>
                    ) : null}
                    <time className="message-time">{item.createTime}</time>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <Button
            type="link"
            block
            onClick={() => {
              setOpen(false);
              go(ALL_MESSAGES);
            }}
          >
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
