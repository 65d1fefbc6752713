// The bytes a PDF parser would unpack, counted before any parser runs. pdf-lib inflates every
// object stream (and cross-reference stream) whole in memory when it loads a file, with no cap:
// a few kilobytes can unpack to gigabytes. Here each compressed stream is inflated a chunk at a
// time, counting as it goes, and the count stops the moment it passes the budget, so the check
// itself never holds more than one chunk (inflated-length.ts).
import { FormRefusedError } from '../../ports.ts';
import { inflatedLength } from './inflated-length.ts';

/**
 * Streams a parser never unpacks at load: images (the big legitimate ones) and other typed
 * streams. A dictionary that names ObjStm or XRef anywhere, or whose type is a reference (the
 * parser resolves it), is counted whatever else it says.
 */
const OTHER_TYPE = /\/Subtype\s*\/Image\b|\/Type\s*\/(?!ObjStm\b|XRef\b)[A-Za-z]/;
const MAYBE_OBJECTS = /ObjStm|XRef|\/Type\s*\d+\s+\d+\s+R/;
const neverUnpacked = (dict: string) => OTHER_TYPE.test(dict) && !MAYBE_OBJECTS.test(dict);
/** Any filter but Flate on a stream that may be an object stream is refused: its ratio is unbounded too. */
const OTHER_FILTERS = /\/(LZWDecode|RunLengthDecode|LZW|RL)\b/;
/** How far back from `stream` a stream's dictionary may start. */
const DICT_REACH = 4096;

function streamsOf(text: string): { dict: string; start: number; end: number }[] {
  const found: { dict: string; start: number; end: number }[] = [];
  let at = 0;
  for (;;) {
    const keyword = text.indexOf('stream', at);
    if (keyword < 0) return found;
    at = keyword + 6;
    if (text.slice(keyword - 3, keyword) === 'end') continue;
    const objStart = text.lastIndexOf('obj', keyword);
    const dict = text.slice(Math.max(objStart, keyword - DICT_REACH, 0), keyword);
    let start = keyword + 6;
    if (text[start] === '\r') start += 1;
    if (text[start] === '\n') start += 1;
    const end = text.indexOf('endstream', start);
    if (end < 0) return found;
    found.push({ dict, start, end });
    at = end + 9;
  }
}

/**
 * Refuses (FormRefusedError) a file whose streams would unpack past `budget` bytes in all.
 * Answers the count.
 */
export function checkUnpackedSize(bytes: Uint8Array, budget: number): number {
  // latin1 keeps one character per byte, so offsets in the text are offsets in the file.
  const text = new TextDecoder('latin1').decode(bytes);
  let total = 0;
  for (const stream of streamsOf(text)) {
    if (neverUnpacked(stream.dict)) continue;
    if (OTHER_FILTERS.test(stream.dict)) {
      throw new FormRefusedError(
        'This PDF packs its contents in an old way the portal does not open (LZW or RunLength). Print it to a new PDF or save it with "Reduce file size", then upload it again.',
      );
    }
    if (!/\/(FlateDecode|Fl)\b/.test(stream.dict)) continue;
    // Not (or no longer) deflate data: a parser stops there as well; what came out counts.
    total += inflatedLength(bytes.subarray(stream.start, stream.end), budget - total).length;
    if (total > budget) {
      throw new FormRefusedError(
        `This PDF unpacks to more than ${budget / 1048576} MB, more than a registration form needs. Print it to a new PDF or save it with "Reduce file size", then upload it again.`,
      );
    }
  }
  return total;
}
