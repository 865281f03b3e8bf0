/**
 * The template model. Field names follow the platform's stored template format (spec 001 §3) so the
 * API can store and return a project unchanged. Lengths are points on the page, measured from the
 * page's top-left corner (1 pt = 1 canvas unit at scale 1).
 */
import type {
  CrossPageEdgeSetting,
  DateFormat,
  ElementKind,
  FontFamilyValue,
  ImageTypeKey,
  Party,
} from './constants';

/** CSS-like box and type style of an element. */
export interface ElementStyle {
  /** Always `absolute`: boxes are placed by `left` and `top`. */
  position: 'absolute';
  /** Left edge of the unrotated box, in points from the page's left edge. */
  left: number;
  /** Top edge of the unrotated box, in points from the page's top edge. */
  top: number;
  /** Width of the unrotated box, in points. */
  width: number;
  /** Height of the unrotated box, in points. */
  height: number;
  /** Degrees clockwise about the box's centre (CSS transform semantics). */
  rotate: number;
  /** Inner spacing around the field's text, in points. */
  padding: number;
  /** Stored and returned unchanged for the platform; the editor does not use it. */
  margin: number;
  /** Stored and returned unchanged for the platform; the editor does not use it. */
  border: string;
  /** The face of the field's text (`FONT_FAMILIES`). */
  fontFamily: FontFamilyValue;
  /** Size of the field's text in canvas units (`FONT_SIZES`). */
  fontSize: number;
  /** A multiple of the font size. */
  lineHeight: number;
  /** Horizontal alignment of the field's text. */
  textAlign: 'left' | 'center' | 'right';
  /** CSS colour of the field's text. */
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
  /** Whether the party must fill the field before signing. */
  required: boolean;
  /** Show a count of characters typed against `limitNum`. */
  showFontNum: boolean;
  /** Accept digits only. */
  isNumber: boolean;
  /** CSS colour of the field's frame; empty for the party's colour. */
  outLineColor: string;
  /** CSS colour filling the field's box; empty for the editor's default. */
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
  /**
   * Seal fields: true when this page's copy was placed on its own ("Place on this page only") and
   * keeps its place when the other copies move. Absent (or false) for a copy at the group's shared
   * place, which moves and resizes with the others; absent for other kinds.
   */
  ownPlace?: boolean;
  /** Cross-page seals: the edge of the pages the seal straddles. 'right' for other kinds. */
  crossPageEdge: CrossPageEdgeSetting;
  /** Cross-page seals: the first page of the range, 1-based (1 for other kinds). */
  crossPageFrom: number;
  /**
   * Cross-page seals: the last page of the range, 1-based and inclusive; 0 means the document's
   * last page, whatever the page count becomes (0 for other kinds).
   */
  crossPageTo: number;
}

/** What the filling or signing party sees and chooses. */
export interface PreviewConfig {
  /** The value filled in for the field, used where the element's own `value` is empty. */
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

/**
 * An animation stored with an element. Stored and returned unchanged for the platform; the editor
 * does not use it.
 */
export interface ElementAnimation {
  /** The animation's name. */
  type: string;
  /** Length of one run, in seconds. */
  duration: number;
  /** Whether it repeats forever. */
  infinite: boolean;
  /** Spelt as the platform stores it. */
  interationCount: number;
  /** Wait before it starts, in seconds. */
  delay: number;
}

/**
 * An event handler stored with an element. Stored and returned unchanged for the platform; the
 * editor does not use it.
 */
export interface ElementEvent {
  /** The event's name. */
  type: string;
  /** The link the event opens. */
  url: string;
}

/**
 * One field on a page: text, date, image, seal, signature or cross-page seal. A cross-page seal is
 * stored once, on one page, and shown as a slice on every page of its range (`core/crossPage.ts`).
 */
export interface TemplateElement {
  /** The element's id, unique in the template; it never changes. */
  uuid: string;
  /** The element's kind; it never changes. */
  elName: ElementKind;
  /** The field's name, shown to the author and to the party who fills it. */
  title: string;
  /**
   * The field's content: a text field's text, an image's or signature's URL; empty while unfilled.
   */
  value: string;
  /** Stored and returned unchanged for the platform; the editor does not use it. */
  valueType: string;
  /** Stored and returned unchanged for the platform; the editor does not use it. */
  propsValue: string | number | boolean | null;
  /** What the author set: party, requirement, format, seal group, cross-page range. */
  config: ElementConfig;
  /** What the filling or signing party sees and chooses. */
  previewConfig: PreviewConfig;
  /** Stored and returned unchanged for the platform; the editor does not use it. */
  animations: ElementAnimation[];
  /** Stored and returned unchanged for the platform; the editor does not use it. */
  events: ElementEvent[];
  /** The field's box on its page and its type style. */
  commonStyle: ElementStyle;
}

/** The background of a page. */
export interface PageStyle {
  /** CSS colour behind the page's fields; empty for white. */
  backgroundColor: string;
  /** A URL (or data URL) drawn behind the page's fields. */
  backgroundImage: string;
  /** CSS background-size of the background image. */
  backgroundSize: string;
}

/** The displayed size of a page, in points. */
export interface PageConfig {
  /** Displayed page width in points (596 for the default A4 page; a PDF page's own size otherwise). */
  width: number;
  /**
   * Displayed page height in points (842 for the default A4 page; a PDF page's own size otherwise).
   */
  height: number;
}

/** One page of a template and the fields on it. */
export interface TemplatePage {
  /** The page's id, unique in the template. */
  uuid: string;
  /** The page's name, shown in the editor's page list. */
  name: string;
  /** In paint order: the last element is drawn on top. */
  elements: TemplateElement[];
  /** The page's background. */
  commonStyle: PageStyle;
  /** The page's size. */
  config: PageConfig;
}

/** A party of the contract and what it does: sign, fill fields, or both. */
export interface Participant {
  /** The party's letter, A to J. */
  party: Party;
  /** Whether the party signs the contract (seals or signs). */
  sign: boolean;
  /** Whether the party fills in fields (text, date, image). */
  fill: boolean;
  /** An optional label such as "Lessor"; the party letter is shown when empty. */
  name: string;
}

/** A PDF stored with the template beside its main document. */
export interface PdfAttachment {
  /** The file's name. */
  name: string;
  /** Where the file is. */
  url: string;
}

/** Where a seal or signature is applied, stored with a template for the signing service. */
export interface SignListEntry {
  /** The field's element (`TemplateElement.uuid`). */
  elementUuid: string;
  /** A cross-page seal has one entry per slice, each the slice's box on its page. */
  kind: 'seal' | 'signature' | 'crosspage';
  /** The party that fills or signs the field. */
  party: Party;
  /** 1-based page number. */
  page: number;
  /** Centre of the box in points from the page's top-left corner. */
  x: number;
  /** Centre of the box in points from the page's top edge. */
  y: number;
  /** Width of the unrotated box, in points. */
  width: number;
  /** Height of the unrotated box, in points. */
  height: number;
  /** Degrees clockwise about the box's centre (0 for a cross-page slice). */
  rotate: number;
  /**
   * The seal's group (`config.sealGroup`; a cross-page seal's own `uuid`); empty for a signature.
   */
  sealGroup: string;
  /** Which kind of seal may be stamped (`config.sealTypeKey`). */
  sealTypeKey: string;
}

/** A date field and how it is written. */
export interface DateListEntry {
  /** The field's element (`TemplateElement.uuid`). */
  elementUuid: string;
  /** The party that fills or signs the field. */
  party: Party;
  /** 1-based page number. */
  page: number;
  /** The field's `title`. */
  title: string;
  /** How the date is written (`config.dateFormat`). */
  format: DateFormat;
  /** Whether the field must be filled (`config.required`). */
  required: boolean;
}

/** A field a party fills in (text, date or image). */
export interface FillsInListEntry {
  /** The field's element (`TemplateElement.uuid`). */
  elementUuid: string;
  /** The field's kind. */
  kind: 'text' | 'date' | 'image';
  /** The party that fills or signs the field. */
  party: Party;
  /** 1-based page number. */
  page: number;
  /** The field's `title`. */
  title: string;
  /** The hint shown to the party who fills it (`config.tip`). */
  tip: string;
  /** Whether the field must be filled (`config.required`). */
  required: boolean;
  /** The host system's code for the field (`config.elementCode`). */
  elementCode: string;
  /** Whether it accepts digits only (`config.isNumber`). */
  isNumber: boolean;
  /** Largest number of characters, 0 for no limit (`previewConfig.limitNum`). */
  limitNum: number;
}

/** An image field and its type. */
export interface ImageTypeListEntry {
  /** The field's element (`TemplateElement.uuid`). */
  elementUuid: string;
  /** The party that fills or signs the field. */
  party: Party;
  /** 1-based page number. */
  page: number;
  /** The field's `title`. */
  title: string;
  /** What the picture is (`config.imageType`). */
  imageType: ImageTypeKey;
  /** Width of the field's box, in points. */
  width: number;
  /** Height of the field's box, in points. */
  height: number;
  /** Whether the field must be filled (`config.required`). */
  required: boolean;
}

/** A contract template: pages of fields for parties A–J. */
export interface TemplateProject {
  /** The template's name. */
  name: string;
  /** The title of the contract made from it. */
  title: string;
  /** A description of the template. */
  description: string;
  /** A URL (or data URL) of an image that represents the template. */
  coverImage: string;
  /** Who made the template. */
  author: string;
  /** Stored and returned unchanged for the platform; the editor does not use it. */
  script: string;
  /** Default page width in points for new pages. */
  width: number;
  /** Default page height in points for new pages. */
  height: number;
  /** The pages, in order; at least one. */
  pages: TemplatePage[];
  /** 1 = enabled, 0 = disabled (a disabled template must be enabled before use). */
  status: number;
  /** Whether the template was made from an uploaded document. */
  hasSource: boolean;
  /** The platform's id of the template; empty until stored. */
  templateId: string;
  /** Stored and returned unchanged for the platform; the editor does not use it. */
  contractStatus: string;
  /**
   * Derived lists stored with the template for the signing service. `parseProject` and
   * `toStoredProject` compute them from the elements; inside the editor store they are left empty
   * so that they can never be stale.
   */
  signList: SignListEntry[];
  /** Every date field (`deriveDateList`). */
  dateList: DateListEntry[];
  /** Every field a party fills in (`deriveFillsInList`). */
  fillsInList: FillsInListEntry[];
  /** Every image field and its type (`deriveImageTypeList`). */
  imageTypeList: ImageTypeListEntry[];
  /** Where the contract's PDF is, when the template was made from a PDF given by a link. */
  pdfUrl: string;
  /** PDFs stored with the template beside its main document. */
  pdfAttachments: PdfAttachment[];
  /** The contract's parties and what each does, in party order. */
  participants: Participant[];
}

/** A change to some fields of an element; `uuid` and `elName` never change. */
export interface ElementPatch {
  /** See `TemplateElement.title`. */
  title?: string;
  /** See `TemplateElement.value`. */
  value?: string;
  /** See `TemplateElement.valueType`. */
  valueType?: string;
  /** See `TemplateElement.propsValue`. */
  propsValue?: string | number | boolean | null;
  /**
   * Settings to change; a seal's group and whether a copy keeps its own place are kept by the
   * editor (`setSealCopyPlace` changes the latter).
   */
  config?: Partial<Omit<ElementConfig, 'sealGroup' | 'ownPlace'>>;
  /** Preview settings to change. */
  previewConfig?: Partial<PreviewConfig>;
  /** Box and style properties to change. */
  commonStyle?: Partial<Omit<ElementStyle, 'position'>>;
  /** Replaces the animations. */
  animations?: ElementAnimation[];
  /** Replaces the events. */
  events?: ElementEvent[];
}

/** What a new element may be given; everything else takes the kind's defaults. */
export type ElementInit = ElementPatch;

/** A change to a page's name, background or size. */
export interface PagePatch {
  /** The page's new name. */
  name?: string;
  /** Background properties to change. */
  commonStyle?: Partial<PageStyle>;
  /** A new width or height, in points. */
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
