import { MoreOutlined } from '@ant-design/icons';
import {
  Button,
  Checkbox,
  Dropdown,
  Empty,
  Pagination,
  Skeleton,
  Table,
  type MenuProps,
  type TableColumnType,
  type TableProps,
} from 'antd';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../layout/useIsMobile';
import './responsiveTable.css';

/** A line of a card: a column of the table (by its key), or a label and a value of its own. */
export type CardLine<T> = string | { key: string; label: ReactNode; render(record: T): ReactNode };

/**
 * How a row reads as a card on a phone: what a person needs to pick the record and act on it,
 * taken from the table's own columns so that both views say the same.
 */
export interface RecordCard<T> {
  /**
   * The card's heading, the record's name — a link to its details when it has them; a column's
   * key shows that column.
   */
  title: string | ((record: T) => ReactNode);
  /** What the card is called for assistive technology (the record's name as text). */
  label(record: T): string;
  /** A column shown beside the title, e.g. the status. */
  badge?: string;
  /** The lines under the title, in order, each with its column's title as label. */
  lines?: readonly CardLine<T>[];
  /**
   * The record's moves, always visible: the first of them is one tap away. A column's key shows
   * that column (the table's actions).
   */
  actions?: string | ((record: T) => ReactNode);
  /** The moves that do not need to be one tap away, behind the card's "More" button. */
  menu?(record: T): MenuProps['items'];
}

type Column<T> = TableColumnType<T>;

function columnValue<T>(column: Column<T>, record: T, index: number): ReactNode {
  // Read as unknown: narrowing antd's DataIndex and RenderedCell unions against ReactNode makes
  // tsc run out of memory (several GB for this function alone).
  const path: unknown = column.dataIndex;
  const keys: readonly unknown[] = path === undefined ? [] : Array.isArray(path) ? path : [path];
  let value: unknown = keys.length === 0 ? undefined : record;
  for (const key of keys) value = (value as Record<string, unknown> | null)?.[String(key)];
  if (!column.render) return value as ReactNode;
  const cell: unknown = column.render(value, record, index);
  // A render may answer cell props beside its content; a card wants the content alone.
  return cell !== null && typeof cell === 'object' && 'children' in cell && !('type' in cell)
    ? (cell.children as ReactNode)
    : (cell as ReactNode);
}

function RecordCards<T extends object>({
  card,
  table,
}: {
  card: RecordCard<T>;
  table: TableProps<T>;
}) {
  const { columns, dataSource, rowKey, loading, rowSelection, pagination, locale, className } =
    table;
  const { t } = useTranslation();
  const byKey = new Map<string, Column<T>>();
  for (const column of (columns ?? []) as Column<T>[]) {
    if (column.key !== undefined) byKey.set(String(column.key), column);
  }
  const records = dataSource ?? [];
  const keyOf = (record: T, index: number): Key =>
    typeof rowKey === 'function'
      ? rowKey(record, index)
      : ((record as Record<string, Key>)[rowKey ?? 'key'] ?? index);
  const selected = new Set(rowSelection?.selectedRowKeys ?? []);
  const busy = typeof loading === 'object' ? loading.spinning : loading;

  const line = (entry: CardLine<T>, record: T, index: number) => {
    if (typeof entry !== 'string') {
      return { key: entry.key, label: entry.label, value: entry.render(record) };
    }
    const column = byKey.get(entry);
    if (!column) return null;
    return {
      key: entry,
      label: column.title as ReactNode,
      value: columnValue(column, record, index),
    };
  };

  return (
    <div className={`record-cards-view ${className ?? ''}`} aria-busy={busy || undefined}>
      {records.length === 0 ? (
        busy ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : (
          ((locale?.emptyText as ReactNode) ?? <Empty />)
        )
      ) : (
        <ul className="record-cards">
          {records.map((record, index) => {
            const key = keyOf(record, index);
            const badge = card.badge ? byKey.get(card.badge) : undefined;
            const menu = card.menu?.(record);
            const checkbox = rowSelection?.getCheckboxProps?.(record);
            const actionsColumn =
              typeof card.actions === 'string' ? byKey.get(card.actions) : undefined;
            const moves =
              typeof card.actions === 'function'
                ? card.actions(record)
                : actionsColumn
                  ? columnValue(actionsColumn, record, index)
                  : null;
            return (
              <li key={key} className="record-card" aria-label={card.label(record)}>
                <div className="record-card-head">
                  {rowSelection ? (
                    <Checkbox
                      className="record-card-select"
                      checked={selected.has(key)}
                      disabled={checkbox?.disabled}
                      aria-label={checkbox?.['aria-label'] as string | undefined}
                      onChange={(event) => {
                        const keys = [...selected].filter((other) => other !== key);
                        if (event.target.checked) keys.push(key);
                        const rows = records.filter((other, at) => keys.includes(keyOf(other, at)));
                        rowSelection.onChange?.(keys, rows, { type: 'single' });
                      }}
                    />
                  ) : null}
                  <div className="record-card-title">
                    {typeof card.title === 'function'
                      ? card.title(record)
                      : byKey.has(card.title)
                        ? columnValue(byKey.get(card.title)!, record, index)
                        : null}
                  </div>
                  {badge ? (
                    <div className="record-card-badge">{columnValue(badge, record, index)}</div>
                  ) : null}
                </div>
                {card.lines?.length ? (
                  <dl className="record-card-lines">
                    {card.lines.map((entry) => {
                      const shown = line(entry, record, index);
                      return shown ? (
                        <div key={shown.key} className="record-card-line">
                          <dt>{shown.label}</dt>
                          <dd>{shown.value}</dd>
                        </div>
                      ) : null;
                    })}
                  </dl>
                ) : null}
                {moves || menu?.length ? (
                  <div className="record-card-actions">
                    {moves}
                    {menu?.length ? (
                      <Dropdown menu={{ items: menu }} trigger={['click']} placement="bottomRight">
                        <Button
                          className="record-card-more"
                          type="text"
                          icon={<MoreOutlined aria-hidden />}
                          aria-label={t('lists.more', { name: card.label(record) })}
                        />
                      </Dropdown>
                    ) : null}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {pagination && (pagination.total ?? 0) > 0 ? (
        <Pagination
          className="record-cards-pages"
          simple
          current={pagination.current}
          pageSize={pagination.pageSize}
          total={pagination.total}
          showTotal={pagination.showTotal}
          onChange={pagination.onChange}
        />
      ) : null}
    </div>
  );
}

/**
 * A table on a wide screen and, below the mobile breakpoint (992 px), the same records as cards:
 * no sideways scrolling, each record's name and its first move within a tap. The card takes its
 * lines from the table's columns (see RecordCard).
 */
export function ResponsiveTable<T extends object>({
  card,
  ...table
}: TableProps<T> & { card: RecordCard<T> }) {
  const mobile = useIsMobile();
  if (mobile) return <RecordCards<T> card={card} table={table} />;
  return <Table<T> {...table} />;
}
