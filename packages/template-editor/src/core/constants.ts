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
/** The largest zoom the editor offers. */
export const MAX_SCALE = 4;

/** A bilingual label: every visible string exists in English and Chinese. */
export interface LocalizedText {
  /** The English text. */
  en: string;
  /** The Chinese (simplified) text. */
  zh: string;
}

/** The parties of a contract, A to J. */
export const PARTIES = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'] as const;
/** A party of the contract: one of `PARTIES`, `'A'` to `'J'`. */
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
export const ELEMENT_KINDS = ['text', 'date', 'image', 'seal', 'signature', 'crosspage'] as const;
/** An element kind: one of `ELEMENT_KINDS`, stored as the element's `elName`. */
export type ElementKind = (typeof ELEMENT_KINDS)[number];

/**
 * Which edge of the pages a cross-page seal (骑缝章) sits on: the right, the left, or one seal on
 * each (stored as `config.crossPageEdge`).
 */
export const CROSS_PAGE_EDGES = ['right', 'left', 'both'] as const;
/** A cross-page seal's `config.crossPageEdge`: one of `CROSS_PAGE_EDGES`. */
export type CrossPageEdgeSetting = (typeof CROSS_PAGE_EDGES)[number];

/** The date formats a date field offers (date-fns / Unicode tokens). */
export const DATE_FORMATS = ['yyyy/MM/dd', 'yyyy-MM-dd', 'yyyy年MM月dd日'] as const;
/** A date field's format: one of `DATE_FORMATS`. */
export type DateFormat = (typeof DATE_FORMATS)[number];

/**
 * A type of image field (`IMAGE_TYPES`): its stored key, label, size and whether it keeps its
 * ratio.
 */
export interface ImageType {
  /** The value stored in the image field's `config.imageType`. */
  key: 'idCardLandscape' | 'idCardPortrait' | 'other';
  /** The name the editor shows, in English and Chinese. */
  label: LocalizedText;
  /** Width in points; null where the author chooses it freely. */
  width: number | null;
  /** Height in points; null where the author chooses it freely. */
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
/** The key of an image type: `'idCardLandscape'`, `'idCardPortrait'` or `'other'`. */
export type ImageTypeKey = ImageType['key'];
/** Every `ImageTypeKey`, in the order of `IMAGE_TYPES`. */
export const IMAGE_TYPE_KEYS = [
  'idCardLandscape',
  'idCardPortrait',
  'other',
] as const satisfies readonly ImageTypeKey[];

/** A font a field can use (`FONT_FAMILIES`): its stored value, its label and its CSS stack. */
export interface FontFamily {
  /** The value stored in `commonStyle.fontFamily`. */
  value: 'NSimSun' | 'SimSun' | 'SimHei' | 'KaiTi';
  /** The name the editor shows, in English and Chinese. */
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
/** A stored font name: `'NSimSun'`, `'SimSun'`, `'SimHei'` or `'KaiTi'`. */
export type FontFamilyValue = FontFamily['value'];
/** Every `FontFamilyValue`, in the order of `FONT_FAMILIES`. */
export const FONT_FAMILY_VALUES = [
  'NSimSun',
  'SimSun',
  'SimHei',
  'KaiTi',
] as const satisfies readonly FontFamilyValue[];
/** The font of a field whose stored template names none: Song (`'SimSun'`). */
export const DEFAULT_FONT_FAMILY: FontFamilyValue = 'SimSun';

/** A type size a field can use (`FONT_SIZES`). */
export interface FontSize {
  /** The value stored in `commonStyle.fontSize` (canvas units). */
  value: number;
  /** The traditional Chinese type size it corresponds to, in points. */
  pt: number;
  /** The size's name (e.g. 小四 / Small 4 (12 pt)), in Chinese and English. */
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

/** Height of a new element in points (the defaults of a new element follow spec 001 §9). */
export const DEFAULT_ELEMENT_HEIGHT = 30;
/** Distance of a new element from the page's top, in points. */
export const DEFAULT_ELEMENT_TOP = 200;
/** `commonStyle.fontSize` of a new element, and of a stored one that has none (canvas units). */
export const DEFAULT_FONT_SIZE = 16;
/**
 * `commonStyle.lineHeight` of a new element (a multiple of its font size), and of a stored one that
 * has none.
 */
export const DEFAULT_LINE_HEIGHT = 1.4;
/** `commonStyle.textAlign` of a new element. */
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
