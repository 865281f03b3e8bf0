import { BellOutlined } from '@ant-design/icons';
import { PERSONAL_CONSOLE_ID, type MessageItem } from '@esign/platform';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Dropdown, Empty } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { messageKeys } from '../api/messages';
import { queries } from '../api/queries';
import { useSession } from '../session';
import { useGuardedNavigate } from './useGuardedNavigate';
import { useOpenMessage } from './useOpenMessage';
import { useSwitchConsole } from './useSwitchConsole';

/** The message centre's list of every message (spec 001: /msg-center/all?menu=0). */
const ALL_MESSAGES = '/msg-center/all?menu=0';

/**
 * The unread count on a bell, opening the newest ten unread messages (for a real-name verified
 * user; an unverified one is asked to verify first). Opening a message marks it read and leads
 * where it is about (`messageTarget`): a contract's details, the staff list, a seal list…, in the
 * console it was sent to (spec 001 §4: a company message signs into that company first); one that
 * leads nowhere in particular opens the message centre.
 */
export function MessageBell() {
  const { t, i18n } = useTranslation();
  const { go } = useGuardedNavigate();
  const navigate = useNavigate();
  const openMessage = useOpenMessage();
  const { switchTo } = useSwitchConsole();
  const [open, setOpen] = useState(false);
  const companyId = useSession((state) => state.companyId);
  // Messages need real-name verification (spec 000 §6): until then the server refuses them, and
  // the bell leads to the verification instead (useGuardedNavigate).
  const verified = useSession((state) => state.userInfo?.authStep === 'VERIFIED');
  const count = useQuery({ ...queries.unreadCount(companyId), enabled: verified });
  const unread = useQuery({ ...queries.unreadMessages(companyId), enabled: verified });
  const messages = unread.data?.records ?? [];
  // The server writes messages in the reader's language (Lang): read them again in a new one.
  const client = useQueryClient();
  useEffect(() => {
    const again = () => void client.invalidateQueries({ queryKey: messageKeys.all });
    i18n.on('languageChanged', again);
    return () => i18n.off('languageChanged', again);
  }, [client, i18n]);

  // "All messages" opens the message centre in the Personal Console (spec 001 §4), where every
  // message of the user is, whichever console sent it.
  const openAll = async () => {
    setOpen(false);
    if (!verified) return go(ALL_MESSAGES);
    if (companyId !== PERSONAL_CONSOLE_ID && !(await switchTo(PERSONAL_CONSOLE_ID))) return;
    navigate(ALL_MESSAGES);
  };

  const openItem = async (item: MessageItem) => {
    setOpen(false);
    // One that leads nowhere in particular is read in the message centre.
    if (!(await openMessage(item))) await openAll();
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
                    onClick={() => void openItem(item)}
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
          <Button type="link" block onClick={() => void openAll()}>
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
