import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile, type AnsweredFile } from '../../api/counterparts';
import type { DayRange } from './listFilters';

const DAY = 'YYYY-MM-DD';

/** The days a list is kept to, both or none (the address keeps them as yyyy-MM-dd). */
export function DayRangeFilter({
  value,
  label,
  onChange,
}: {
  value: DayRange;
  label: string;
  onChange(range: DayRange): void;
}) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      className="fee-range"
      aria-label={label}
      allowEmpty={[false, false]}
      placeholder={[t('fees.filters.from'), t('fees.filters.to')]}
      value={value.from && value.to ? [dayjs(value.from, DAY), dayjs(value.to, DAY)] : null}
      onChange={(days) =>
        onChange(days?.[0] && days[1] ? { from: days[0].format(DAY), to: days[1].format(DAY) } : {})
      }
    />
  );
}

/** A size in bytes as people read it. */
const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Export: the .xlsx the server streams for the list's filter, fetched with the session's headers
 * and saved under the server's name; the button counts the bytes received meanwhile. A refusal is
 * the server's text.
 */
export function ExportButton({
  disabled,
  fetch,
}: {
  disabled?: boolean;
  fetch(onProgress: (loaded: number) => void): Promise<AnsweredFile>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [received, setReceived] = useState<number | null>(null);
  const run = async () => {
    if (received !== null) return;
    setReceived(0);
    try {
      const file = await fetch(setReceived);
      saveFile(file);
      void message.success(t('fees.exported', { name: file.name }));
    } catch (error) {
      void message.error(
        error instanceof Error && error.message ? error.message : t('fees.exportFailed'),
      );
    } finally {
      setReceived(null);
    }
  };
  return (
    <Button
      icon={<DownloadOutlined aria-hidden />}
      loading={received !== null}
      disabled={disabled}
      onClick={() => void run()}
    >
      {received !== null ? t('fees.exporting', { size: sizeText(received) }) : t('fees.export')}
    </Button>
  );
}
