import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  COUNTERPART_COLUMNS,
  COUNTERPART_IMPORT_BYTES_MAX,
  message as platformMessage,
  type CounterpartImportReport,
  type CounterpartImportRow,
  type CounterpartKind,
} from '@esign/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Modal,
  Space,
  Table,
  Tag,
  Upload,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isShownFailure } from '../../api/client';
import {
  counterpartKeys,
  fetchImportTemplate,
  importCounterparts,
  saveFile,
} from '../../api/counterparts';
import { useCounterpartConsole } from './useCounterpartConsole';

/** The file types the import takes. */
const ACCEPT = '.xlsx,.csv';

/** A file the import refuses before sending it: too large, or not a spreadsheet by its name. */
export function refusedBeforeUpload(file: {
  name: string;
  size: number;
}): 'tooLarge' | 'notSpreadsheet' | null {
  if (!/\.(xlsx|csv)$/i.test(file.name)) return 'notSpreadsheet';
  if (file.size > COUNTERPART_IMPORT_BYTES_MAX) return 'tooLarge';
  return null;
}

/**
 * Importing counterparts from a spreadsheet: download the template, choose the file, read the
 * server's preview of every row (what would be imported and what is refused, and why), then
 * "Import N rows" writes the accepted ones (all or none) and the final report stays on screen.
 */
export function ImportDialog({
  kind,
  open,
  onClose,
}: {
  kind: CounterpartKind;
  open: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { companyId, locale } = useCounterpartConsole();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<CounterpartImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [refusedOnly, setRefusedOnly] = useState(false);
  const template = useMutation({
    mutationFn: () => fetchImportTemplate(kind),
    onSuccess: saveFile,
    onError: (error) => setProblem(error.message),
  });
  const upload = useMutation({
    mutationFn: ({ chosen, commit }: { chosen: File; commit: boolean }) =>
      importCounterparts(kind, chosen, commit),
    onSuccess: (answered) => {
      setReport(answered);
      setRefusedOnly(answered.committed && answered.refused > 0);
    },
    onError: (error) => {
      setReport(null);
      setProblem(isShownFailure(error) ? error.message : String(error));
    },
    onSettled: (_data, _error, { commit }) =>
      commit ? client.invalidateQueries({ queryKey: counterpartKeys.all(companyId) }) : undefined,
  });

  const choose = (chosen: File) => {
    setProblem(null);
    setReport(null);
    const refused = refusedBeforeUpload(chosen);
    if (refused) {
      setFile(null);
      setProblem(
        platformMessage(refused === 'tooLarge' ? 'importTooLarge' : 'importNotSpreadsheet', locale),
      );
      return;
    }
    setFile(chosen);
    upload.mutate({ chosen, commit: false });
  };

  const close = () => {
    setFile(null);
    setReport(null);
    setProblem(null);
    setRefusedOnly(false);
    upload.reset();
    onClose();
  };

  const columns: TableColumnsType<CounterpartImportRow> = [
    { title: t('counterparts.importDialog.row'), dataIndex: 'row', key: 'row', width: 72 },
    ...COUNTERPART_COLUMNS[kind].map((column) => ({
      title: column[locale],
      key: column.field,
      render: (_: unknown, row: CounterpartImportRow) => row.values[column.field] ?? '',
    })),
    {
      title: t('counterparts.importDialog.problems'),
      key: 'errors',
      render: (_, row) =>
        row.errors.length === 0 ? (
          <Tag color="green">{t('counterparts.importDialog.ok')}</Tag>
        ) : (
          <ul className="counterpart-import-errors">
            {row.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        ),
    },
  ];

  const rows = (report?.rows ?? []).filter((row) => !refusedOnly || row.errors.length > 0);
  const committed = report?.committed === true;
  const busy = upload.isPending;
  const footer = committed ? (
    <Button type="primary" onClick={close}>
      {t('counterparts.importDialog.close')}
    </Button>
  ) : (
    <Space wrap>
      <Button onClick={close}>{t('common.cancel')}</Button>
      {report ? (
        <Button
          type="primary"
          disabled={report.accepted === 0 || !file}
          loading={busy}
          onClick={() => file && upload.mutate({ chosen: file, commit: true })}
        >
          {t('counterparts.importDialog.commit', { count: report.accepted })}
        </Button>
      ) : null}
    </Space>
  );

  return (
    <Modal
      open={open}
      title={t(`counterparts.importDialog.title.${kind}`)}
      onCancel={close}
      footer={footer}
      width={880}
      destroyOnHidden
      mask={{ closable: !busy }}
    >
      {committed ? null : (
        <ol className="counterpart-import-steps">
          <li>
            <p>{t('counterparts.importDialog.step1')}</p>
            <Button
              icon={<DownloadOutlined aria-hidden />}
              loading={template.isPending}
              onClick={() => {
                setProblem(null);
                template.mutate();
              }}
            >
              {t('counterparts.importDialog.template')}
            </Button>
          </li>
          <li>
            <p>{t('counterparts.importDialog.step2')}</p>
            <Upload
              accept={ACCEPT}
              showUploadList={false}
              maxCount={1}
              disabled={busy}
              beforeUpload={(chosen) => {
                choose(chosen);
                return Upload.LIST_IGNORE;
              }}
            >
              <Button icon={<UploadOutlined aria-hidden />} disabled={busy}>
                {report || problem
                  ? t('counterparts.importDialog.another')
                  : t('counterparts.importDialog.choose')}
              </Button>
            </Upload>
            {busy && file ? (
              <p role="status" className="counterpart-import-reading">
                {t('counterparts.importDialog.reading', { name: file.name })}
              </p>
            ) : null}
          </li>
        </ol>
      )}
      {problem ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={problem}
          className="counterpart-import-alert"
        />
      ) : null}
      {report ? (
        <section
          className="counterpart-import-report"
          aria-label={
            committed
              ? t('counterparts.importDialog.done')
              : t('counterparts.importDialog.previewOf', { name: file?.name ?? '' })
          }
        >
          {committed ? (
            <Alert
              type={report.refused > 0 ? 'warning' : 'success'}
              showIcon
              title={t('counterparts.importDialog.done')}
              description={
                report.refused > 0
                  ? t('counterparts.importDialog.doneCounts', {
                      accepted: report.accepted,
                      refused: report.refused,
                    })
                  : t('counterparts.importDialog.doneAll', { count: report.accepted })
              }
            />
          ) : (
            <>
              <h3 className="counterpart-import-title">
                {t('counterparts.importDialog.previewOf', { name: file?.name ?? '' })}
              </h3>
              <p role="status">
                {t('counterparts.importDialog.counts', {
                  total: report.total,
                  accepted: report.accepted,
                  refused: report.refused,
                })}
              </p>
              {report.accepted === 0 ? (
                <Alert type="warning" showIcon message={t('counterparts.importDialog.nothing')} />
              ) : null}
            </>
          )}
          {report.refused > 0 || !committed ? (
            <>
              <Checkbox
                className="counterpart-import-filter"
                checked={refusedOnly}
                disabled={report.refused === 0}
                onChange={(event) => setRefusedOnly(event.target.checked)}
              >
                {t('counterparts.importDialog.refusedOnly')}
              </Checkbox>
              <Table<CounterpartImportRow>
                size="small"
                rowKey="row"
                columns={columns}
                dataSource={rows}
                rowClassName={(row) => (row.errors.length > 0 ? 'counterpart-import-refused' : '')}
                pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
                scroll={{ x: 'max-content' }}
              />
            </>
          ) : null}
        </section>
      ) : null}
    </Modal>
  );
}
