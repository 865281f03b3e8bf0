import { centreOf } from './geometry';
import type { Party } from './constants';
import type {
  DateListEntry,
  FillsInListEntry,
  ImageTypeListEntry,
  SignListEntry,
  TemplateElement,
  TemplateProject,
} from './model';

/** Where one seal is stamped: the data the signing service needs to draw it into the PDF. */
export interface StampLocation {
  /** The chosen seal (`previewConfig.sealId`), or empty while none is chosen. */
  sealId: string;
  /** The seal group the stamp belongs to (the same seal on every page). */
  sealGroup: string;
  elementUuid: string;
  party: Party;
  /** 1-based page number. */
  page: number;
  /** The seal's own size in points (before rotation). */
  width: number;
  height: number;
  /** The seal's centre in points from the page's top-left corner. */
  x: number;
  y: number;
  /** Degrees clockwise about the centre. */
  rotate: number;
}

/**
 * One stamp location per seal element per page, in page order then paint order. Rotation is about
 * the seal's centre, so the centre is where it is stamped whatever the angle; `rotate` says how to
 * turn the image.
 */
export function deriveStampLocations(project: Pick<TemplateProject, 'pages'>): StampLocation[] {
  const out: StampLocation[] = [];
  const pages = project.pages;
  for (let p = 0; p < pages.length; p++) {
    const elements = pages[p]!.elements;
    for (let i = 0; i < elements.length; i++) {
      const element = elements[i]!;
      if (element.elName !== 'seal') continue;
      const style = element.commonStyle;
      out.push({
        sealId: element.previewConfig.sealId,
        sealGroup: element.config.sealGroup,
        elementUuid: element.uuid,
        party: element.config.party,
        page: p + 1,
        width: style.width,
        height: style.height,
        x: style.left + style.width / 2,
        y: style.top + style.height / 2,
        rotate: style.rotate,
      });
    }
  }
  return out;
}

/** One entry per element that `pick` keeps, in page order then paint order; `page` is 1-based. */
function collect<T>(
  project: Pick<TemplateProject, 'pages'>,
  pick: (element: TemplateElement, page: number) => T | undefined,
): T[] {
  const out: T[] = [];
  project.pages.forEach((page, index) => {
    for (const element of page.elements) {
      const entry = pick(element, index + 1);
      if (entry !== undefined) out.push(entry);
    }
  });
  return out;
}

/** Every seal and signature field: where each party signs. */
export function deriveSignList(project: Pick<TemplateProject, 'pages'>): SignListEntry[] {
  return collect(project, (element, page) => {
    if (element.elName !== 'seal' && element.elName !== 'signature') return undefined;
    const { x, y } = centreOf(element.commonStyle);
    return {
      elementUuid: element.uuid,
      kind: element.elName,
      party: element.config.party,
      page,
      x,
      y,
      width: element.commonStyle.width,
      height: element.commonStyle.height,
      rotate: element.commonStyle.rotate,
      sealGroup: element.config.sealGroup,
      sealTypeKey: element.config.sealTypeKey,
    };
  });
}

/** Every date field and its format. */
export function deriveDateList(project: Pick<TemplateProject, 'pages'>): DateListEntry[] {
  return collect(project, (element, page) =>
    element.elName !== 'date'
      ? undefined
      : {
          elementUuid: element.uuid,
          party: element.config.party,
          page,
          title: element.title,
          format: element.config.dateFormat,
          required: element.config.required,
        },
  );
}

/** Every field a party fills in: text, date and image fields. */
export function deriveFillsInList(project: Pick<TemplateProject, 'pages'>): FillsInListEntry[] {
  return collect(project, (element, page) =>
    element.elName !== 'text' && element.elName !== 'date' && element.elName !== 'image'
      ? undefined
      : {
          elementUuid: element.uuid,
          kind: element.elName,
          party: element.config.party,
          page,
          title: element.title,
          tip: element.config.tip,
          required: element.config.required,
          elementCode: element.config.elementCode,
          isNumber: element.config.isNumber,
          limitNum: element.previewConfig.limitNum,
        },
  );
}

/** Every image field and its type (identity card landscape or portrait, or other). */
export function deriveImageTypeList(project: Pick<TemplateProject, 'pages'>): ImageTypeListEntry[] {
  return collect(project, (element, page) =>
    element.elName !== 'image'
      ? undefined
      : {
          elementUuid: element.uuid,
          party: element.config.party,
          page,
          title: element.title,
          imageType: element.config.imageType,
          width: element.commonStyle.width,
          height: element.commonStyle.height,
          required: element.config.required,
        },
  );
}

/** The project as the platform stores it: the derived lists computed from the elements. */
export function toStoredProject(project: TemplateProject): TemplateProject {
  return {
    ...project,
    signList: deriveSignList(project),
    dateList: deriveDateList(project),
    fillsInList: deriveFillsInList(project),
    imageTypeList: deriveImageTypeList(project),
  };
}
