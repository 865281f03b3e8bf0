/**
 * Spreadsheets in and out (issue 32). Reading takes an uploaded file the platform does not trust:
 * - an .xlsx (a ZIP): its directory is read first with JSZip, and a file of more than 1,000
 *   entries or 50 MB once inflated (a ZIP bomb) is refused before anything is inflated; then
 *   ExcelJS (4.4: its XML parser, saxes, expands no external entities) reads the first sheet;
 * - a .csv: UTF-8 (with or without BOM) or, failing that, GB18030 — what Excel in Chinese saves —
 *   parsed by csv-parse;
 * - anything else (a legacy .xls, a PDF, an image) is refused with 'importNotSpreadsheet'.
 * Cells are read as the text they show, every value a string.
 *
 * Writing streams an .xlsx through ExcelJS's WorkbookWriter: each row is committed to the
 * response as soon as it is added, so a book of any size is never held whole.
 */
import { PassThrough, type Readable } from 'node:stream';
import {
  COUNTERPART_COLUMNS,
  COUNTERPART_IMPORT_ROWS_MAX,
  type CounterpartKind,
  type Locale,
} from '@esign/platform';
import type ExcelJS from 'exceljs';
import type JSZip from 'jszip';
import { ApiError } from '../http/route';

/*
 * ExcelJS, JSZip and csv-parse are each loaded when first needed: together about 30 MB of a
 * server's memory that most servers seldom need (apps/server/CONTEXT.md, Memory).
 */
const loadExcel = () => import('exceljs').then((module) => module.default);
const loadZip = () => import('jszip').then((module) => module.default);
const loadCsv = () => import('csv-parse/sync').then((module) => module.parse);

/** A sheet as rows of cell texts (the header first). */
export type SheetRows = string[][];

const ZIP_ENTRIES_MAX = 1_000;
const ZIP_INFLATED_MAX = 50 * 1024 * 1024;
/** The header and at most `COUNTERPART_IMPORT_ROWS_MAX` rows. */
const ROWS_MAX = COUNTERPART_IMPORT_ROWS_MAX + 1;

const notSpreadsheet = () => new ApiError('importNotSpreadsheet', 400);
const tooLarge = () => new ApiError('importTooLarge', 413);

const isZip = (bytes: Buffer) =>
  bytes.length > 4 &&
  bytes[0] === 0x50 &&
  bytes[1] === 0x4b &&
  bytes[2] === 0x03 &&
  bytes[3] === 0x04;

/** The text of a cell as the sheet shows it ('' for none). */
function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  try {
    return cell.text ?? '';
  } catch {
    return '';
  }
}

async function readXlsx(bytes: Buffer): Promise<SheetRows> {
  const [ExcelJS, JSZip] = await Promise.all([loadExcel(), loadZip()]);
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    throw notSpreadsheet();
  }
  const entries = Object.values(zip.files);
  if (entries.length > ZIP_ENTRIES_MAX) throw tooLarge();
  // JSZip reads the sizes from the central directory without inflating anything.
  const inflated = entries.reduce(
    (sum, entry) =>
      sum +
      ((entry as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ??
        0),
    0,
  );
  if (inflated > ZIP_INFLATED_MAX) throw tooLarge();
  if (!zip.file('xl/workbook.xml')) throw notSpreadsheet();
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw notSpreadsheet();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  if (sheet.actualRowCount > ROWS_MAX) throw tooLarge();
  const rows: SheetRows = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell);
    });
    rows[number - 1] = Array.from(cells, (text) => text ?? '');
  });
  return Array.from(rows, (row) => row ?? []);
}

/** A CSV's text: UTF-8 when it is valid UTF-8, else GB18030 (Excel's "CSV" in Chinese Windows). */
function csvText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

async function readCsv(bytes: Buffer): Promise<SheetRows> {
  // A text file has no NUL bytes; a binary one (an image, a legacy .xls) soon does.
  if (bytes.subarray(0, 8192).includes(0)) throw notSpreadsheet();
  const parse = await loadCsv();
  let rows: string[][];
  try {
    rows = parse(csvText(bytes), {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      to_line: ROWS_MAX + 1,
    }) as string[][];
  } catch {
    throw notSpreadsheet();
  }
  if (rows.length > ROWS_MAX) throw tooLarge();
  return rows;
}

/** The rows of an uploaded spreadsheet (.xlsx or .csv), or a clear refusal. */
export async function readSpreadsheet(bytes: Buffer): Promise<SheetRows> {
  if (bytes.length === 0) throw new ApiError('importEmpty', 400);
  return isZip(bytes) ? readXlsx(bytes) : readCsv(bytes);
}

/** A header cell: the column's name in a language, a star on a required one. */
const headerOf = (column: { en: string; zh: string; required: boolean }, locale: Locale) =>
  `${column[locale]}${column.required ? ' *' : ''}`;

/** Columns whose cells are text even when they hold digits (a phone keeps its leading 0). */
const TEXT_FIELDS = new Set(['phone', 'managerPhone', 'creditCode']);

/** The import template of a kind: its headers in the request's language, and how to fill it. */
export async function importTemplate(kind: CounterpartKind, locale: Locale): Promise<Buffer> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(locale === 'zh' ? '相对方' : 'Counterparts');
  const columns = COUNTERPART_COLUMNS[kind];
  sheet.columns = columns.map((column) => ({
    header: headerOf(column, locale),
    key: column.field,
    width: column.field === 'note' || column.field === 'name' ? 32 : 22,
    style: TEXT_FIELDS.has(column.field) ? { numFmt: '@' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  const help = workbook.addWorksheet(locale === 'zh' ? '填写说明' : 'How to fill');
  help.columns = [{ width: 100 }];
  const lines =
    locale === 'zh'
      ? [
          '只读取第一个工作表；第一行为列标题，请勿修改。带 * 的列必填。',
          kind === 'person'
            ? '手机号与邮箱至少填写一项；手机号为 11 位、以 1 开头（或其他受支持的号码格式）。'
            : '经办人手机号必填；统一社会信用代码可不填，填写时须为 18 位。',
          '与列表中已有的相对方（相同手机号、邮箱、企业名称或信用代码）重复的行不会导入。',
          `每次最多 ${COUNTERPART_IMPORT_ROWS_MAX} 行、5 MB；也可上传 UTF-8 或 GBK 编码的 CSV 文件。`,
        ]
      : [
          'Only the first sheet is read; its first row holds the column headers: keep them. Columns with * are required.',
          kind === 'person'
            ? 'Give a phone number or an email (or both); a phone has 11 digits starting with 1, or another supported format.'
            : 'The manager’s phone is required; the credit code may be left empty, or 18 characters.',
          'Rows naming a counterpart already in the book (same phone, email, company name or credit code) are not imported.',
          `At most ${COUNTERPART_IMPORT_ROWS_MAX} rows and 5 MB a file; a CSV file in UTF-8 or GBK works too.`,
        ];
  for (const line of lines) help.addRow([line]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A sheet written as a stream: add rows as they come, then `end`. */
export interface SheetStream {
  /** The .xlsx bytes, as the rows are committed. */
  readable: Readable;
  addRow(values: (string | number)[]): void;
  end(): Promise<void>;
  /** Ends the file with what it has when the rows cannot come (the client sees a broken file). */
  abort(error: Error): void;
}

/** Starts an .xlsx of one sheet with the given headers, streamed as rows are added. */
export async function streamSheet(
  name: string,
  headers: string[],
  textColumns: number[] = [],
): Promise<SheetStream> {
  const ExcelJS = await loadExcel();
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(name);
  sheet.columns = headers.map((header, index) => ({
    header,
    width: 22,
    style: textColumns.includes(index) ? { numFmt: '@' } : {},
  }));
  const head = sheet.getRow(1);
  head.font = { bold: true };
  head.commit();
  return {
    readable: output,
    addRow(values) {
      sheet.addRow(values).commit();
    },
    async end() {
      sheet.commit();
      await workbook.commit();
    },
    abort(error) {
      output.destroy(error);
    },
  };
}
