import type { Page } from '@esign/platform';
import type { Database } from './index';

/** Which page of a list a call asks for: `current` from 1, `size` rows a page. */
export interface Paging {
  current: number;
  size: number;
}

/**
 * One page of the rows a query selects, in `order` (columns of the query's result), each made
 * into what the call answers, and how many rows the query selects in all.
 */
export async function queryPage<Row, Item>(
  database: Database,
  query: { sql: string; params: readonly unknown[]; order: string },
  paging: Paging,
  toItem: (row: Row) => Item,
): Promise<Page<Item>> {
  const { sql, params, order } = query;
  const [rows, [count]] = await Promise.all([
    database.query<Row>(
      `SELECT * FROM (${sql}) listed ORDER BY ${order}
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, paging.size, (paging.current - 1) * paging.size],
    ),
    database.query<{ total: number }>(`SELECT count(*)::int AS total FROM (${sql}) listed`, [
      ...params,
    ]),
  ]);
  return {
    records: rows.map(toItem),
    total: count!.total,
    current: paging.current,
    size: paging.size,
  };
}
