// A staff-uploaded registration form, parsed once, within bounds, and made safe to pass on
// (review 2026-11-28, M2; decision 110). Scheme forms come from the internet: what a viewer would
// run or open by itself (JavaScript, an action on opening, launch/URI/submit actions, embedded
// files, XFA) is taken out, and what is stored, downloaded and filled is this clean copy only.
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFObject,
  PDFRef,
  PDFStream,
} from 'pdf-lib';
import { type CleanedForm, FormRefusedError } from '../../ports.ts';
import { checkUnpackedSize } from './unpacked-size.ts';

/** What a registration form may be. Real scheme forms are a few pages and a few thousand objects. */
export type FormBounds = {
  pages: number;
  objects: number;
  unpackedBytes: number;
  milliseconds: number;
  heapMegabytes: number;
};

export const FORM_BOUNDS: FormBounds = {
  pages: 50,
  objects: 50_000,
  /** Bytes the parser would unpack (object and cross-reference streams, fonts, contents). */
  unpackedBytes: 32 * 1024 * 1024,
  /** Wall time of one cleaning on Node's worker thread, and its heap. */
  milliseconds: 20_000,
  heapMegabytes: 256,
};

/** Keys that make a viewer act by itself, wherever they are. */
const ACTIVE_KEYS = ['OpenAction', 'AA', 'JavaScript', 'JS', 'EmbeddedFiles', 'XFA'];
/** Actions that run code, open programs, reach the network or send the form somewhere. */
const ACTIVE_ACTIONS = new Set([
  'JavaScript',
  'Launch',
  'URI',
  'SubmitForm',
  'ImportData',
  'GoToR',
  'GoToE',
  'Rendition',
  'RichMediaExecute',
  'Movie',
  'Sound',
]);
/** Annotations that carry files or media. */
const ACTIVE_ANNOTATIONS = new Set(['FileAttachment', 'RichMedia', 'Screen', 'Movie', 'Sound']);

const refused = (message: string) => new FormRefusedError(message);
const AGAIN = 'Print it to a new PDF or save it with "Reduce file size", then upload it again.';

function nameOf(doc: PDFDocument, dict: PDFDict, key: string): string | undefined {
  const value = doc.context.lookup(dict.get(PDFName.of(key)));
  return value instanceof PDFName ? value.decodeText() : undefined;
}

function dictOf(doc: PDFDocument, value: PDFObject | undefined): PDFDict | undefined {
  const object = doc.context.lookup(value);
  if (object instanceof PDFDict) return object;
  if (object instanceof PDFStream) return object.dict;
  return undefined;
}

/** Takes every active entry out of one object and the objects written inside it. */
function strip(doc: PDFDocument, object: PDFObject, removed: Set<string>): void {
  if (object instanceof PDFArray) {
    for (let i = 0; i < object.size(); i++) strip(doc, object.get(i), removed);
    return;
  }
  const dict = object instanceof PDFStream ? object.dict : object;
  if (!(dict instanceof PDFDict)) return;
  for (const [key, value] of dict.entries()) {
    const name = key.decodeText();
    const action = name === 'A' || name === 'Next' ? dictOf(doc, value) : undefined;
    const actionType = action ? nameOf(doc, action, 'S') : undefined;
    if (ACTIVE_KEYS.includes(name) || (actionType && ACTIVE_ACTIONS.has(actionType))) {
      dict.delete(key);
      removed.add(actionType ?? name);
    } else if (name === 'Annots') {
      const annots = doc.context.lookup(value);
      if (!(annots instanceof PDFArray)) continue;
      for (let i = annots.size() - 1; i >= 0; i--) {
        const annot = dictOf(doc, annots.get(i));
        const subtype = annot ? nameOf(doc, annot, 'Subtype') : undefined;
        if (subtype && ACTIVE_ANNOTATIONS.has(subtype)) {
          annots.remove(i);
          removed.add(subtype);
        }
      }
      if (!(value instanceof PDFRef)) strip(doc, value, removed);
    } else if (!(value instanceof PDFRef)) {
      strip(doc, value, removed);
    }
  }
  // An embedded file's own stream, wherever it hangs.
  if (nameOf(doc, dict, 'Type') === 'EmbeddedFile') removed.add('EmbeddedFiles');
}

/** Objects nothing reaches from the trailer any more (what was taken out) leave the file. */
function dropUnreachable(doc: PDFDocument): void {
  const reached = new Set<PDFRef>();
  const walk = (object: PDFObject | undefined): void => {
    if (object instanceof PDFRef) {
      if (reached.has(object)) return;
      reached.add(object);
      walk(doc.context.lookup(object));
    } else if (object instanceof PDFArray) {
      for (let i = 0; i < object.size(); i++) walk(object.get(i));
    } else if (object instanceof PDFStream) {
      walk(object.dict);
    } else if (object instanceof PDFDict) {
      for (const [, value] of object.entries()) walk(value);
    }
  };
  walk(doc.context.trailerInfo.Root);
  walk(doc.context.trailerInfo.Info);
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    const embeddedFile = dictOf(doc, object) && nameOf(doc, dictOf(doc, object)!, 'Type');
    if (!reached.has(ref) || embeddedFile === 'EmbeddedFile') doc.context.delete(ref);
  }
}

async function parse(bytes: Uint8Array): Promise<PDFDocument> {
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    doc.getPageCount(); // a file without a page tree loads, and fails here
    return doc;
  } catch {
    throw refused(`This file could not be read as a PDF. ${AGAIN}`);
  }
}

/**
 * The clean copy of a registration form, or FormRefusedError with a message staff can act on.
 * Pure (no I/O): Node runs it on a worker thread, Workers in the isolate (ports.ts FormCleaner).
 */
export async function cleanRegistrationPdf(bytes: Uint8Array): Promise<CleanedForm> {
  checkUnpackedSize(bytes, FORM_BOUNDS.unpackedBytes);
  const doc = await parse(bytes);
  const pageCount = doc.getPageCount();
  if (pageCount > FORM_BOUNDS.pages) {
    throw refused(
      `This PDF has ${pageCount} pages; a registration form may have at most ${FORM_BOUNDS.pages}. Upload only the form's own pages.`,
    );
  }
  const objects = doc.context.enumerateIndirectObjects();
  if (objects.length > FORM_BOUNDS.objects) {
    throw refused(
      `This PDF is built of more than ${FORM_BOUNDS.objects} parts, more than a registration form needs. ${AGAIN}`,
    );
  }
  const removed = new Set<string>();
  for (const [, object] of objects) strip(doc, object, removed);
  // The catalog's wish to be rendered by an XFA engine goes with the XFA itself.
  if (removed.has('XFA')) doc.catalog.delete(PDFName.of('NeedsRendering'));
  if (removed.size === 0) return { bytes, pageCount, removed: [] };
  dropUnreachable(doc);
  try {
    return { bytes: await doc.save(), pageCount, removed: [...removed].sort() };
  } catch {
    throw refused(`This PDF could not be rewritten without its scripts and attachments. ${AGAIN}`);
  }
}
