/**
 * The template model. Field names follow the platform's stored template format (spec 001 §3) so the
 * API can store and return a project unchanged. Lengths are points on the page, measured from the
 * page's top-left corner (1 pt = 1 canvas unit at scale 1).
 */
import type { DateFormat, ElementKind, FontFamilyValue, ImageTypeKey, Party } from './constants';

/** CSS-like box and type style of an element. */
export interface ElementStyle {
  position: 'absolute';
  /** Left edge of the unrotated box, in points from the page's left edge. */
  left: number;
  /** Top edge of the unrotated box, in points from the page's top edge. */
  top: number;
  width: number;
  height: number;
  /** Degrees clockwise about the box's centre (CSS transform semantics). */
  rotate: number;
  padding: number;
  margin: number;
  border: string;
  fontFamily: FontFamilyValue;
  fontSize: number;
  /** A multiple of the font size. */
  lineHeight: number;
  textAlign: 'left' | 'center' | 'right';
  color: string;
  /** 0 (transparent) to 1 (opaque). */
  opacity: number;
  /** Mirrors paint order within the page (1 = bottom); the array order is authoritative. */
  zIndex: number;
}

/** Settings the author gives a field. */
export interface ElementConfig {
  /** Hint shown to the person who fills the field. */
  tip: string;
  required: boolean;
  /** Show a count of characters typed against `limitNum`. */
  showFontNum: boolean;
  /** Accept digits only. */
  isNumber: boolean;
  outLineColor: string;
  backgroundColor: string;
  /** The host system's code for the field, for mapping values from other systems. */
  elementCode: string;
  /** Which kind of seal may be stamped here (e.g. the company seal or the contract seal). */
  sealTypeKey: string;
  /** The party that fills or signs this field. */
  party: Party;
  /** Date fields: how the date is written. */
  dateFormat: DateFormat;
  /** Image fields: what the picture is; identity cards keep their ratio. */
  imageType: ImageTypeKey;
  /**
   * Seal fields: the group that links the copies of one seal across all pages. Empty for other
   * kinds.
   */
  sealGroup: string;
}

/** What the filling or signing party sees and chooses. */
export interface PreviewConfig {
  value: string;
  /** A regular expression the value must match, or empty. */
  validator: string;
  /** Largest number of characters; 0 means no limit. */
  limitNum: number;
  /** Number of lines the text may wrap to. */
  linesNum: number;
  /** The seal chosen for a seal field, or empty while none is chosen. */
  sealId: string;
  /** Whether the signer holds a grant for the chosen seal. */
  isGranted: boolean;
}

export interface ElementAnimation {
  type: string;
  duration: number;
  infinite: boolean;
  /** Spelt as the platform stores it. */
  interationCount: number;
  delay: number;
}

export interface ElementEvent {
  type: string;
  url: string;
}

/** One field on a page: text, date, image, seal or signature. */
export interface TemplateElement {
  uuid: string;
  elName: ElementKind;
  title: string;
  value: string;
  valueType: string;
  propsValue: string | number | boolean | null;
  config: ElementConfig;
  previewConfig: PreviewConfig;
  animations: ElementAnimation[];
  events: ElementEvent[];
  commonStyle: ElementStyle;
}

export interface PageStyle {
  backgroundColor: string;
  /** A URL (or data URL) drawn behind the page's fields. */
  backgroundImage: string;
  /** CSS background-size of the background image. */
  backgroundSize: string;
}

export interface PageConfig {
  /** Displayed page width in points (596 for the default A4 page; a PDF page's own size otherwise). */
  width: number;
  height: number;
}

export interface TemplatePage {
  uuid: string;
  name: string;
  /** In paint order: the last element is drawn on top. */
  elements: TemplateElement[];
  commonStyle: PageStyle;
  config: PageConfig;
}

/** A party of the contract and what it does: sign, fill fields, or both. */
export interface Participant {
  party: Party;
  sign: boolean;
  fill: boolean;
  /** An optional label such as "Lessor"; the party letter is shown when empty. */
  name: string;
}

export interface PdfAttachment {
  name: string;
  url: string;
}

/** Where a seal or signature is applied, stored with a template for the signing service. */
export interface SignListEntry {
  elementUuid: string;
  kind: 'seal' | 'signature';
  party: Party;
  /** 1-based page number. */
  page: number;
  /** Centre of the box in points from the page's top-left corner. */
  x: number;
  y: number;
  width: number;
  height: number;
  rotate: number;
  sealGroup: string;
  sealTypeKey: string;
}

/** A date field and how it is written. */
export interface DateListEntry {
  elementUuid: string;
  party: Party;
  page: number;
  title: string;
  format: DateFormat;
  required: boolean;
}

/** A field a party fills in (text, date or image). */
export interface FillsInListEntry {
  elementUuid: string;
  kind: 'text' | 'date' | 'image';
  party: Party;
  page: number;
  title: string;
  tip: string;
  required: boolean;
  elementCode: string;
  isNumber: boolean;
  limitNum: number;
}

/** An image field and its type. */
export interface ImageTypeListEntry {
  elementUuid: string;
  party: Party;
  page: number;
  title: string;
  imageType: ImageTypeKey;
  width: number;
  height: number;
  required: boolean;
}

/** A contract template: pages of fields for parties A–J. */
export interface TemplateProject {
  name: string;
  title: string;
  description: string;
  coverImage: string;
  author: string;
  script: string;
  /** Default page width in points for new pages. */
  width: number;
  height: number;
  pages: TemplatePage[];
  /** 1 = enabled, 0 = disabled (a disabled template must be enabled before use). */
  status: number;
  /** Whether the template was made from an uploaded document. */
  hasSource: boolean;
  templateId: string;
  contractStatus: string;
  /**
   * Derived lists stored with the template for the signing service. `parseProject` and
   * `toStoredProject` compute them from the elements; inside the editor store they are left empty
   * so that they can never be stale.
   */
  signList: SignListEntry[];
  dateList: DateListEntry[];
  fillsInList: FillsInListEntry[];
  imageTypeList: ImageTypeListEntry[];
  pdfUrl: string;
  pdfAttachments: PdfAttachment[];
  participants: Participant[];
}

/** A change to some fields of an element; `uuid` and `elName` never change. */
export interface ElementPatch {
  title?: string;
  value?: string;
  valueType?: string;
  propsValue?: string | number | boolean | null;
  config?: Partial<Omit<ElementConfig, 'sealGroup'>>;
  previewConfig?: Partial<PreviewConfig>;
  commonStyle?: Partial<Omit<ElementStyle, 'position'>>;
  animations?: ElementAnimation[];
  events?: ElementEvent[];
}

/** What a new element may be given; everything else takes the kind's defaults. */
export type ElementInit = ElementPatch;

/** A change to a page's name, background or size. */
export interface PagePatch {
  name?: string;
  commonStyle?: Partial<PageStyle>;
  config?: Partial<PageConfig>;
}

/** A change to the template's own descriptive fields. */
export type ProjectPatch = Partial<
  Pick<
    TemplateProject,
    | 'name'
    | 'title'
    | 'description'
    | 'coverImage'
    | 'author'
    | 'status'
    | 'templateId'
    | 'contractStatus'
    | 'pdfUrl'
    | 'pdfAttachments'
    | 'hasSource'
  >
>;
