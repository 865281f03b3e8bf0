/** Width of a default page in points (A4 portrait, rounded as the platform stores it). */
export const CANVAS_WIDTH = 596;
/** Height of a default page in points (A4 portrait, rounded as the platform stores it). */
export const CANVAS_HEIGHT = 842;
/** How many undoable steps the editor keeps; the oldest is dropped first. */
export const HISTORY_LIMIT = 100;
/** How far (points, in left and top) a pasted copy lands from its original. */
export const PASTE_OFFSET = 10;
/** The canvas scale at which pages open in the editor. */
export const DEFAULT_SCALE = 1.5;
/** The smallest and largest zoom the editor offers. */
export const MIN_SCALE = 0.25;
export const MAX_SCALE = 4;

/** A bilingual label: every visible string exists in English and Chinese. */
export interface LocalizedText {
  en: string;
  zh: string;
}

/** The parties of a contract, A to J. */
export const PARTIES = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'] as const;
export type Party = (typeof PARTIES)[number];

/**
 * One colour per party, used by the editor to tell whose field is whose. Chosen to stay distinct
 * from each other and readable on white and on red seals.
 */
export const PARTY_COLORS: Readonly<Record<Party, string>> = {
  A: '#1677ff',
  B: '#d4380d',
  C: '#389e0d',
  D: '#722ed1',
  E: '#d48806',
  F: '#08979c',
  G: '#c41d7f',
  H: '#5b8c00',
  I: '#1d39c4',
  J: '#ad6800',
};

/** The kinds of element a template holds (stored as `elName`). */
export const ELEMENT_KINDS = ['text', 'date', 'image', 'seal', 'signature'] as const;
export type ElementKind = (typeof ELEMENT_KINDS)[number];

/** The date formats a date field offers (date-fns / Unicode tokens). */
export const DATE_FORMATS = ['yyyy/MM/dd', 'yyyy-MM-dd', 'yyyy年MM月dd日'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export interface ImageType {
  key: 'idCardLandscape' | 'idCardPortrait' | 'other';
  label: LocalizedText;
  /** Size in points; null where the author chooses it freely. */
  width: number | null;
  height: number | null;
  /** Whether resizing keeps the width-to-height ratio. */
  lockRatio: boolean;
}

/** Image field types: identity cards keep their physical ratio, other images are free. */
export const IMAGE_TYPES: readonly ImageType[] = [
  {
    key: 'idCardLandscape',
    label: { en: 'ID card (landscape)', zh: '身份证（横向）' },
    width: 199,
    height: 126.15,
    lockRatio: true,
  },
  {
    key: 'idCardPortrait',
    label: { en: 'ID card (portrait)', zh: '身份证（竖向）' },
    width: 126.15,
    height: 199,
    lockRatio: true,
  },
  {
    key: 'other',
    label: { en: 'Other image', zh: '其他图片' },
    width: null,
    height: null,
    lockRatio: false,
  },
];
export type ImageTypeKey = ImageType['key'];
export const IMAGE_TYPE_KEYS = [
  'idCardLandscape',
  'idCardPortrait',
  'other',
] as const satisfies readonly ImageTypeKey[];

export interface FontFamily {
  /** The value stored in `commonStyle.fontFamily`. */
  value: 'NSimSun' | 'SimSun' | 'SimHei' | 'KaiTi';
  label: LocalizedText;
  /** A CSS font stack that falls back to open-licensed faces of the same style. */
  css: string;
}

/** The four Chinese faces a field can use: new Song, Song, Hei and Kai. */
export const FONT_FAMILIES: readonly FontFamily[] = [
  {
    value: 'NSimSun',
    label: { en: 'New Song', zh: '新宋体' },
    css: "NSimSun, 'Noto Serif SC', 'Source Han Serif SC', serif",
  },
  {
    value: 'SimSun',
    label: { en: 'Song', zh: '宋体' },
    css: "SimSun, 'Songti SC', 'Noto Serif SC', 'Source Han Serif SC', serif",
  },
  {
    value: 'SimHei',
    label: { en: 'Hei', zh: '黑体' },
    css: "SimHei, 'Heiti SC', 'Noto Sans SC', 'Source Han Sans SC', sans-serif",
  },
  {
    value: 'KaiTi',
    label: { en: 'Kai', zh: '楷体' },
    css: "KaiTi, 'Kaiti SC', STKaiti, 'LXGW WenKai', serif",
  },
];
export type FontFamilyValue = FontFamily['value'];
export const FONT_FAMILY_VALUES = [
  'NSimSun',
  'SimSun',
  'SimHei',
  'KaiTi',
] as const satisfies readonly FontFamilyValue[];
export const DEFAULT_FONT_FAMILY: FontFamilyValue = 'SimSun';

export interface FontSize {
  /** The value stored in `commonStyle.fontSize` (canvas units). */
  value: number;
  /** The traditional Chinese type size it corresponds to, in points. */
  pt: number;
  label: LocalizedText;
}

/** The Chinese type sizes (初号 … 八号) as the pt→px table the platform stores. */
export const FONT_SIZES: readonly FontSize[] = [
  { value: 56, pt: 42, label: { en: 'Size 0 (42 pt)', zh: '初号' } },
  { value: 48, pt: 36, label: { en: 'Small 0 (36 pt)', zh: '小初' } },
  { value: 34.7, pt: 26, label: { en: 'Size 1 (26 pt)', zh: '一号' } },
  { value: 32, pt: 24, label: { en: 'Small 1 (24 pt)', zh: '小一' } },
  { value: 29.3, pt: 22, label: { en: 'Size 2 (22 pt)', zh: '二号' } },
  { value: 24, pt: 18, label: { en: 'Small 2 (18 pt)', zh: '小二' } },
  { value: 21.3, pt: 16, label: { en: 'Size 3 (16 pt)', zh: '三号' } },
  { value: 20, pt: 15, label: { en: 'Small 3 (15 pt)', zh: '小三' } },
  { value: 18.7, pt: 14, label: { en: 'Size 4 (14 pt)', zh: '四号' } },
  { value: 16, pt: 12, label: { en: 'Small 4 (12 pt)', zh: '小四' } },
  { value: 14, pt: 10.5, label: { en: 'Size 5 (10.5 pt)', zh: '五号' } },
  { value: 12, pt: 9, label: { en: 'Small 5 (9 pt)', zh: '小五' } },
  { value: 10, pt: 7.5, label: { en: 'Size 6 (7.5 pt)', zh: '六号' } },
  { value: 8.7, pt: 6.5, label: { en: 'Small 6 (6.5 pt)', zh: '小六' } },
  { value: 7.3, pt: 5.5, label: { en: 'Size 7 (5.5 pt)', zh: '七号' } },
  { value: 6.7, pt: 5, label: { en: 'Size 8 (5 pt)', zh: '八号' } },
];

/** Defaults of a new element (spec 001 §9). */
export const DEFAULT_ELEMENT_HEIGHT = 30;
export const DEFAULT_ELEMENT_TOP = 200;
export const DEFAULT_FONT_SIZE = 16;
export const DEFAULT_LINE_HEIGHT = 1.4;
export const DEFAULT_TEXT_ALIGN = 'center';
/** A seal is drawn 42 mm across, the usual diameter of a Chinese company seal. */
export const DEFAULT_SEAL_SIZE = 119;

/** Upper bounds that keep stored templates sane; anything beyond is refused by `parseProject`. */
export const LIMITS = {
  /** Largest page side in points (PDF's own limit, 200 inches). */
  maxPageSide: 14_400,
  maxPages: 2_000,
  maxElementsPerPage: 2_000,
  /** Short texts: titles, tips, names, colours, codes. */
  maxShortText: 500,
  /** A field's value or a description. */
  maxText: 20_000,
  /** A link or an inline image (data URL of about 3 MB). */
  maxUrl: 4_000_000,
  maxFontSize: 400,
} as const;
