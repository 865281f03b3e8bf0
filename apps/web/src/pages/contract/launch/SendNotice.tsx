import { Alert } from 'antd';

/** Why the contract was not sent (or a step not left): a title, the reason, the fields named. */
export interface Notice {
  title: string;
  description: string;
  items?: string[];
}

export function SendNotice({ notice, onClose }: { notice: Notice | null; onClose(): void }) {
  if (!notice) return null;
  return (
    <Alert
      className="launch-notice"
      type="error"
      showIcon
      closable
      onClose={onClose}
      title={notice.title}
      description={
        <>
          <p className="launch-notice-text">{notice.description}</p>
          {notice.items && notice.items.length > 0 ? (
            <ul className="launch-notice-list">
              {notice.items.map((item, index) => (
                <li key={index}>{item}</li>
              ))}
            </ul>
          ) : null}
        </>
      }
    />
  );
}
