/**
 * Takes active and hidden content out of a PDF loaded with pdf-lib, in place: what a reader would
 * run (scripts, launches, form submissions, links to other files, media), what it would hand over
 * (embedded files) and the XFA form that would redraw the pages. Everything the pages show stays.
 * After it, only objects reachable from the trailer remain, so that `save` writes nothing else.
 */
import type { RemovedContent } from '@esign/platform';
import {
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFRef,
  PDFStream,
  PDFString,
  type PDFContext,
  type PDFDocument,
  type PDFObject,
} from 'pdf-lib';

const name = (value: string) => PDFName.of(value);

/** A PDF name or string as text; undefined for anything else. */
function textOf(object: PDFObject | undefined): string | undefined {
  if (object instanceof PDFName) return object.decodeText();
  if (object instanceof PDFString || object instanceof PDFHexString) return object.decodeText();
  return undefined;
}

/** What kind of removed content each action type is; types not listed are `otherActions`. */
const ACTION_KINDS: Readonly<Record<string, RemovedContent>> = {
  JavaScript: 'javascript',
  Launch: 'launch',
  SubmitForm: 'submitForm',
  ImportData: 'importData',
  GoToR: 'fileLinks',
  GoToE: 'fileLinks',
  Rendition: 'media',
  Movie: 'media',
  Sound: 'media',
  GoTo3DView: 'media',
  RichMediaExecute: 'media',
};

/** Named actions that only move through the document's own pages. */
const PAGE_MOVES = new Set(['NextPage', 'PrevPage', 'FirstPage', 'LastPage']);

/**
 * Web and mail addresses: a click opens them in the browser or the mail program, as a link in any
 * web page would, and the reader asks first. Anything else (`file:`, `smb:`, `javascript:`, a
 * relative address a reader resolves against the document's own folder…) is not kept.
 */
const WEB_ADDRESS = /^(https?:\/\/[^\s\\]+|mailto:[^\s\\]+)$/i;

/** Annotations that play media; they keep their picture (appearance) as an inert stamp. */
const MEDIA_ANNOTATIONS = new Set(['RichMedia', '3D', 'Movie', 'Sound', 'Screen']);

/** What a media annotation keeps when it becomes a stamp: where it is and how it looks. */
const INERT_ANNOTATION_KEYS = [
  'Type',
  'Rect',
  'AP',
  'AS',
  'F',
  'P',
  'NM',
  'M',
  'Border',
  'C',
  'CA',
];

class ActiveContentCleaner {
  readonly removed = new Set<RemovedContent>();
  private readonly visited = new Set<PDFObject>();

  constructor(private readonly context: PDFContext) {}

  private lookup(object: PDFObject | undefined): PDFObject | undefined {
    return object instanceof PDFRef ? this.context.lookup(object) : object;
  }

  private dictOf(object: PDFObject | undefined): PDFDict | undefined {
    const resolved = this.lookup(object);
    if (resolved instanceof PDFDict) return resolved;
    if (resolved instanceof PDFStream) return resolved.dict;
    return undefined;
  }

  /**
   * Whether an action, followed by its `Next` actions, may stay: a jump within the document, a
   * page move, a web link. Unsafe `Next` actions are dropped from a safe one; an unsafe action
   * is recorded and refused whole.
   */
  private keepAction(object: PDFObject | undefined, seen = new Set<PDFDict>()): boolean {
    const action = this.dictOf(object);
    if (!action) return true;
    if (seen.has(action)) return false;
    seen.add(action);
    const type = textOf(action.get(name('S')));
    let kind: RemovedContent | undefined;
    if (action.has(name('JS'))) kind = 'javascript';
    else if (type === 'GoTo') kind = undefined;
    else if (type === 'Named')
      kind = PAGE_MOVES.has(textOf(action.get(name('N'))) ?? '') ? undefined : 'otherActions';
    else if (type === 'URI') {
      const address = (textOf(this.lookup(action.get(name('URI')))) ?? '').trim();
      kind = WEB_ADDRESS.test(address)
        ? undefined
        : /^javascript:/i.test(address)
          ? 'javascript'
          : 'fileLinks';
    } else if (type === 'Thread') {
      kind = action.has(name('F')) ? 'fileLinks' : 'otherActions';
    } else kind = (type ? ACTION_KINDS[type] : undefined) ?? 'otherActions';
    if (kind) {
      this.removed.add(kind);
      return false;
    }
    const next = this.lookup(action.get(name('Next')));
    if (next instanceof PDFArray) {
      const kept = next.asArray().filter((item) => this.keepAction(item, seen));
      if (kept.length === 0) action.delete(name('Next'));
      else action.set(name('Next'), this.context.obj(kept));
    } else if (next && !this.keepAction(next, seen)) {
      action.delete(name('Next'));
    }
    return true;
  }

  /** Records every action of an additional-actions dictionary, which is then dropped whole. */
  private dropAdditionalActions(dict: PDFDict): void {
    const actions = this.dictOf(dict.get(name('AA')));
    dict.delete(name('AA'));
    if (!actions) return;
    // Run by the reader on its own (opening, closing, printing, a keystroke): even a jump goes.
    for (const [, action] of actions.entries()) {
      if (this.keepAction(action)) this.removed.add('otherActions');
    }
  }

  /**
   * A page's annotations without attachments, and without media annotations that have no
   * picture to keep (`cleanDict` makes the others inert).
   */
  private cleanAnnotations(page: PDFDict): void {
    const annotations = this.lookup(page.get(name('Annots')));
    if (!(annotations instanceof PDFArray)) return;
    const kept = annotations.asArray().filter((entry) => {
      const annotation = this.dictOf(entry);
      const subtype = annotation && textOf(annotation.get(name('Subtype')));
      if (subtype === 'FileAttachment') {
        this.removed.add('embeddedFiles');
        return false;
      }
      if (subtype && MEDIA_ANNOTATIONS.has(subtype) && !this.hasPicture(annotation!)) {
        this.removed.add('media');
        return false;
      }
      return true;
    });
    if (kept.length !== annotations.size()) page.set(name('Annots'), this.context.obj(kept));
  }

  private hasPicture(annotation: PDFDict): boolean {
    return !!this.dictOf(annotation.get(name('AP')))?.has(name('N'));
  }

  /** A media annotation as a stamp of its picture, or (without one) an empty dictionary. */
  private makeInert(annotation: PDFDict): void {
    this.removed.add('media');
    const picture = this.hasPicture(annotation);
    for (const key of annotation.keys()) {
      if (!picture || !INERT_ANNOTATION_KEYS.includes(key.decodeText())) annotation.delete(key);
    }
    if (picture) annotation.set(name('Subtype'), name('Stamp'));
  }

  /** The catalog's own active entries: scripts, attachments, XFA, automatic actions. */
  cleanCatalog(catalog: PDFDict): void {
    const names = this.dictOf(catalog.get(name('Names')));
    if (names) {
      const dropped: [string, RemovedContent][] = [
        ['JavaScript', 'javascript'],
        ['EmbeddedFiles', 'embeddedFiles'],
        ['AlternatePresentations', 'javascript'],
        ['Renditions', 'media'],
      ];
      for (const [key, kind] of dropped) {
        if (names.has(name(key))) {
          names.delete(name(key));
          this.removed.add(kind);
        }
      }
    }
    if (catalog.has(name('Collection'))) {
      catalog.delete(name('Collection'));
      this.removed.add('embeddedFiles');
    }
    const openAction = catalog.get(name('OpenAction'));
    // An array is a destination (the page to open at); a dictionary is an action.
    if (
      openAction &&
      !(this.lookup(openAction) instanceof PDFArray) &&
      !this.keepAction(openAction)
    )
      catalog.delete(name('OpenAction'));
    // The base of relative URIs, and usage rights signed over bytes that are about to change.
    catalog.delete(name('URI'));
    catalog.delete(name('Perms'));
    catalog.delete(name('NeedsRendering'));
    const form = this.dictOf(catalog.get(name('AcroForm')));
    if (form) {
      if (form.has(name('XFA'))) {
        form.delete(name('XFA'));
        this.removed.add('xfa');
      }
      // The order fields are calculated in by their (removed) scripts.
      form.delete(name('CO'));
    }
  }

  /** Every object reachable from `object`, cleaned on the way. */
  clean(object: PDFObject | undefined): void {
    const pending: (PDFObject | undefined)[] = [object];
    while (pending.length > 0) {
      const resolved = this.lookup(pending.pop());
      if (!resolved || this.visited.has(resolved)) continue;
      this.visited.add(resolved);
      if (resolved instanceof PDFArray) {
        pending.push(...resolved.asArray());
        continue;
      }
      const dict =
        resolved instanceof PDFDict
          ? resolved
          : resolved instanceof PDFStream
            ? resolved.dict
            : undefined;
      if (!dict) continue;
      this.cleanDict(dict);
      for (const [, value] of dict.entries()) pending.push(value);
    }
  }

  private cleanDict(dict: PDFDict): void {
    if (dict.has(name('AA'))) this.dropAdditionalActions(dict);
    for (const key of ['A', 'PA']) {
      const action = dict.get(name(key));
      if (action && this.dictOf(action)?.has(name('S')) && !this.keepAction(action))
        dict.delete(name(key));
    }
    const type = textOf(dict.get(name('Type')));
    const subtype = textOf(dict.get(name('Subtype')));
    if (type === 'Page') this.cleanAnnotations(dict);
    // A file specification's embedded file; associated files (PDF 2.0, PDF/A-3) are embedded too.
    for (const key of ['EF', 'RF', 'AF']) {
      if (dict.has(name(key))) {
        dict.delete(name(key));
        this.removed.add('embeddedFiles');
      }
    }
    if (type === 'EmbeddedFile') this.removed.add('embeddedFiles');
    if (subtype && MEDIA_ANNOTATIONS.has(subtype) && (type === 'Annot' || dict.has(name('Rect'))))
      this.makeInert(dict);
    // An action reached some other way (a names tree, a private key): made empty, it does nothing.
    if (dict.has(name('JS')) || (type === 'Action' && !this.keepAction(dict))) {
      if (dict.has(name('JS'))) this.removed.add('javascript');
      for (const key of dict.keys()) dict.delete(key);
    }
  }

  /** Deletes every indirect object the trailer no longer reaches. */
  dropUnreachable(): void {
    const { Root, Info } = this.context.trailerInfo;
    const reached = new Set<string>();
    const pending: PDFObject[] = [Root, Info].filter((object): object is PDFObject => !!object);
    while (pending.length > 0) {
      let object = pending.pop()!;
      if (object instanceof PDFRef) {
        if (reached.has(object.tag)) continue;
        reached.add(object.tag);
        const resolved = this.context.lookup(object);
        if (!resolved) continue;
        object = resolved;
      }
      if (object instanceof PDFArray) pending.push(...object.asArray());
      else if (object instanceof PDFDict) pending.push(...object.values());
      else if (object instanceof PDFStream) pending.push(...object.dict.values());
    }
    for (const [ref] of this.context.enumerateIndirectObjects()) {
      if (!reached.has(ref.tag)) this.context.delete(ref);
    }
  }
}

/**
 * Removes active and hidden content from `document` (see `REMOVED_CONTENT_KINDS`) and every
 * object nothing refers to; gives what kinds it found, in no particular order.
 */
export function removeActiveContent(document: PDFDocument): Set<RemovedContent> {
  const cleaner = new ActiveContentCleaner(document.context);
  cleaner.cleanCatalog(document.catalog);
  const { Root, Info } = document.context.trailerInfo;
  cleaner.clean(Root);
  cleaner.clean(Info);
  cleaner.dropUnreachable();
  return cleaner.removed;
}
