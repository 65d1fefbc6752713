// The font a form is filled with. The standard Helvetica (no bytes embedded) encodes WinAnsi
// only: a name such as Łukasz Wójcik, Nguyễn or Şahin made filling throw, and preview and
// signing answer 500 (review 2026-11-28, L7). When any value needs more, the document gets a
// subset of DejaVu Sans instead, embedded with only the glyphs used. fontkit and the font's
// bytes are loaded the first time a name needs them, not with every form.
import { type PDFDocument, type PDFFont, StandardFontEmbedder, StandardFonts } from 'pdf-lib';

// pdf-lib's own enum and its embedder's name type are one set of strings under two types.
const helvetica = StandardFontEmbedder.for(
  StandardFonts.Helvetica as unknown as Parameters<typeof StandardFontEmbedder.for>[0],
);

function winAnsi(text: string): boolean {
  try {
    helvetica.encodeText(text);
    return true;
  } catch {
    return false;
  }
}

let unicodeFontBytes: Uint8Array | undefined;

async function unicodeFont(): Promise<Uint8Array> {
  if (!unicodeFontBytes) {
    const { DEJAVU_SANS_BASE64 } = await import('./dejavu-sans-data.ts');
    unicodeFontBytes = Uint8Array.from(atob(DEJAVU_SANS_BASE64), (c) => c.charCodeAt(0));
  }
  return unicodeFontBytes;
}

/** Helvetica when every text is WinAnsi, else the embedded Unicode subset. */
export async function fontFor(doc: PDFDocument, texts: string[]): Promise<PDFFont> {
  if (texts.every(winAnsi)) return doc.embedFont(StandardFonts.Helvetica);
  const [{ default: fontkit }, bytes] = await Promise.all([
    import('@pdf-lib/fontkit'),
    unicodeFont(),
  ]);
  doc.registerFontkit(fontkit);
  return doc.embedFont(bytes, { subset: true });
}
