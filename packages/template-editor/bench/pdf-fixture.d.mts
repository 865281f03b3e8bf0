import type * as PdfLib from 'pdf-lib';
import type { TemplateProject } from '../src/core/index';
import type { RenderContractInput } from '../src/pdf/render';

export declare const PAGE_WIDTH: number;
export declare const PAGE_HEIGHT: number;
export declare const SEAL_BOX: { left: number; top: number; width: number; height: number };

/** One text field of the work: its box in displayed points and its value. */
export interface WorkField {
  uuid: string;
  left: number;
  top: number;
  width: number;
  height: number;
  fontSize: number;
  lineHeight: number;
  value: string;
}

export interface ContractWork {
  project: Pick<TemplateProject, 'pages'>;
  values: Record<string, string>;
  fields: WorkField[][];
  sealPng: Uint8Array;
}

export interface WorkFonts {
  serif: Uint8Array;
  fonts: NonNullable<RenderContractInput['fonts']>;
}

/** 100 A4 pages of 10 text fields (half Chinese) and one seal each, by default. */
export declare function buildContractWork(options?: {
  pages?: number;
  fieldsPerPage?: number;
}): ContractWork;

export declare function loadFonts(): WorkFonts;

export declare function runLibrary(
  render: (input: RenderContractInput) => Promise<Uint8Array>,
  work: ContractWork,
  fonts: WorkFonts,
): Promise<Uint8Array>;

export declare function runBarePdfLib(
  pdfLib: typeof PdfLib,
  fontkit: unknown,
  work: ContractWork,
  fonts: WorkFonts,
): Promise<Uint8Array>;

export interface PdfmeWork {
  template: unknown;
  input: Record<string, string>;
}

export declare function pdfmeWork(work: ContractWork): PdfmeWork;

export declare function runPdfme(
  pdfme: { generate: (props: never) => Promise<Uint8Array>; text: unknown; image: unknown },
  work: ContractWork,
  fonts: WorkFonts,
  prepared?: PdfmeWork,
): Promise<Uint8Array>;
