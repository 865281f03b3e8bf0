import { Button, Result, type ResultProps } from 'antd';

/**
 * A page that is one message: an icon or status, the page's heading, a sentence, and the one thing
 * to do next.
 */
export function Outcome({
  status,
  icon,
  heading,
  description,
  action,
}: Pick<ResultProps, 'status' | 'icon'> & {
  heading: string;
  description: string;
  action: { label: string; onClick(): void };
}) {
  return (
    <Result
      status={status}
      icon={icon}
      title={<h1 className="result-title">{heading}</h1>}
      subTitle={description}
      extra={
        <Button type="primary" onClick={action.onClick}>
          {action.label}
        </Button>
      }
    />
  );
}
