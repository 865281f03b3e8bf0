import { crossPageSlicesOf } from './crossPage';
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
  /** The seal or cross-page seal element stamped here. */
  elementUuid: string;
  /** The party whose seal it is. */
  party: Party;
  /** 1-based page number. */
  page: number;
  /** The seal's own size in points (before rotation). */
  width: number;
  /** The seal's own height in points (before rotation). */
  height: number;
  /** The seal's centre in points from the page's top-left corner. */
  x: number;
  /** The seal's centre in points from the page's top edge. */
  y: number;
  /** Degrees clockwise about the centre. */
  rotate: number;
  /**
   * For a slice of a cross-page seal (骑缝章), which part of the seal image it shows: slice
   * `index` of `count`, the image columns from `offset` to `offset + width`, in units of the
   * image's width (0 its left edge, 1 its right edge: multiply by the image's pixel width for
   * pixels). The location's box is then the slice's own box; the whole seal is drawn
   * `width / slice.width` wide, so that the slice falls in the box, and clipped to it
   * ({@link stampDrawing}). Absent for a whole seal.
   */
  slice?: StampSlice;
}

/** Which part of the seal image a cross-page seal's slice shows (see `StampLocation.slice`). */
export interface StampSlice {
  /** Which slice of the image, 0 being the leftmost. */
  index: number;
  /** How many slices the seal is cut into on this edge (the pages of its range). */
  count: number;
  /** The first image column the slice shows, in units of the image's width (0 to 1). */
  offset: number;
  /** How many image columns the slice shows, in units of the image's width. */
  width: number;
}

/** A box in displayed-page points from the page's top-left corner, turned about its centre. */
export interface StampBox {
  /** The centre. */
  x: number;
  /** The centre's distance from the page's top edge. */
  y: number;
  /** The width of the unturned box. */
  width: number;
  /** The height of the unturned box. */
  height: number;
  /** Degrees clockwise about the centre. */
  rotate: number;
}

/**
 * A stamp sized to its seal image's proportions. A whole seal: as large as fits in the location's
 * box, centred on it (a round seal in a square box fills it; a signature wider than tall fills the
 * box's width; an oval is never squeezed round). A cross-page slice: the slices must tile, so the
 * whole seal keeps the width the slices share and takes the image's proportions in height
 * (centred, at most the box's height).
 */
export function fitStampToImage<T extends StampBox & { slice?: StampSlice | undefined }>(
  stamp: T,
  image: { width: number; height: number },
): T {
  if (!(image.width > 0 && image.height > 0)) return stamp;
  if (stamp.slice) {
    const whole = stamp.width / stamp.slice.width;
    return { ...stamp, height: Math.min(stamp.height, (whole * image.height) / image.width) };
  }
  const scale = Math.min(stamp.width / image.width, stamp.height / image.height);
  return { ...stamp, width: image.width * scale, height: image.height * scale };
}

/**
 * Where a stamp's image is drawn and what it is clipped to, in displayed-page points (centre,
 * size, clockwise turn). A whole seal: the location's box, no clip. A cross-page slice: the whole
 * seal image, placed so that its columns `slice.offset … offset + width` fall on the slice's box,
 * clipped to that box. The PDF writer and the signing service draw stamps through this.
 */
export function stampDrawing(stamp: StampBox & { slice?: StampSlice | undefined }): {
  image: StampBox;
  clip: StampBox | null;
} {
  const box: StampBox = {
    x: stamp.x,
    y: stamp.y,
    width: stamp.width,
    height: stamp.height,
    rotate: stamp.rotate,
  };
  const slice = stamp.slice;
  if (!slice || !(slice.width > 0)) return { image: box, clip: null };
  const whole = stamp.width / slice.width;
  const left = stamp.x - stamp.width / 2 - slice.offset * whole;
  return {
    image: { x: left + whole / 2, y: stamp.y, width: whole, height: stamp.height, rotate: 0 },
    clip: box,
  };
}

/**
 * One stamp location per seal element per page, in page order then paint order, then one per
 * slice of each cross-page seal (骑缝章) in the order `crossPageSlicesOf` gives them (page order,
 * the right edge's slices before the left's for the edge 'both'). Rotation is about the seal's
 * centre, so the centre is where it is stamped whatever the angle; `rotate` says how to turn the
 * image. A cross-page seal's location is its slice's box with `slice` saying which part of the
 * image it shows; its `sealGroup` is the element's `uuid`, shared by its slices.
 */
export function deriveStampLocations(project: Pick<TemplateProject, 'pages'>): StampLocation[] {
  const out: StampLocation[] = [];
  const pages = project.pages;
  const crossPage: TemplateElement[] = [];
  for (let p = 0; p < pages.length; p++) {
    const elements = pages[p]!.elements;
    for (let i = 0; i < elements.length; i++) {
      const element = elements[i]!;
      if (element.elName === 'crosspage') crossPage.push(element);
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
  for (const element of crossPage) {
    const slices = crossPageSlicesOf(element, pages);
    for (const slice of slices) {
      const box = slice.box;
      out.push({
        sealId: element.previewConfig.sealId,
        sealGroup: element.uuid,
        elementUuid: element.uuid,
        party: element.config.party,
        page: slice.page,
        width: box.width,
        height: box.height,
        x: box.x + box.width / 2,
        y: box.y + box.height / 2,
        rotate: 0,
        slice: {
          index: slice.index,
          count: slices.filter((other) => other.edge === slice.edge).length,
          offset: slice.image.offset,
          width: slice.image.width,
        },
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

/**
 * Every seal and signature field: where each party signs. A cross-page seal gives one entry per
 * slice (its box on that page), after the other fields.
 */
export function deriveSignList(project: Pick<TemplateProject, 'pages'>): SignListEntry[] {
  const crossPage: SignListEntry[] = deriveStampLocations(project)
    .filter((stamp) => stamp.slice)
    .map((stamp) => ({
      elementUuid: stamp.elementUuid,
      kind: 'crosspage' as const,
      party: stamp.party,
      page: stamp.page,
      x: stamp.x,
      y: stamp.y,
      width: stamp.width,
      height: stamp.height,
      rotate: 0,
      sealGroup: stamp.sealGroup,
      sealTypeKey: findElement(project, stamp.elementUuid)?.config.sealTypeKey ?? '',
    }));
  return [...collectSigns(project), ...crossPage];
}

function findElement(
  project: Pick<TemplateProject, 'pages'>,
  uuid: string,
): TemplateElement | undefined {
  for (const page of project.pages) {
    const found = page.elements.find((element) => element.uuid === uuid);
    if (found) return found;
  }
  return undefined;
}

function collectSigns(project: Pick<TemplateProject, 'pages'>): SignListEntry[] {
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
