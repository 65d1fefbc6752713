// How many bytes deflate data unpacks to, counted a chunk at a time and stopped as soon as the
// count passes a budget, so counting never holds more than one chunk: the check every
// compressed input passes before a parser (pdf-lib) inflates it whole.
// pako (the inflater pdf-lib ships, pure JS) and not DecompressionStream: workerd's fails the
// whole stream on bytes after the compressed data ("Trailing bytes after end of compressed
// data"), dropping the chunks not yet read, and it inflates a whole input chunk ahead of the
// reader. pako hands each chunk out as it is made, stops at the data's end and ignores what
// follows, the same on Node and Workers (decision 110).
import pako from 'pako';

class BudgetPassed extends Error {}

/**
 * The inflated length, or the first count past `budget`; `complete` is false when the data
 * broke off or was damaged before its end (what came out before counts).
 */
export function inflatedLength(
  bytes: Uint8Array,
  budget: number,
): { length: number; complete: boolean } {
  let length = 0;
  let ended: number | undefined;
  const inflater = new pako.Inflate();
  // pako's own handler would also gather the output: only the status is kept.
  inflater.onEnd = (status) => {
    ended = status;
  };
  inflater.onData = (chunk) => {
    length += chunk.length;
    // Thrown out of pako's loop: nothing more is inflated.
    if (length > budget) throw new BudgetPassed();
  };
  try {
    inflater.push(bytes, true);
  } catch (error) {
    if (error instanceof BudgetPassed) return { length, complete: false };
    throw error;
  }
  return { length, complete: ended === 0 };
}
