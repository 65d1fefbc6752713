// Registration forms as they may come from the internet, for the tests of decision 110: one
// with everything a viewer would run or open by itself, one that unpacks to far more than it
// weighs, and a reader that lists whatever active content a PDF still holds.
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFObject,
  PDFStream,
  PDFString,
  StandardFonts,
} from 'pdf-lib';

/** A fillable one-page form with JavaScript, an OpenAction, an embedded file and more. */
export async function activeForm(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawText('Provider registration', { x: 50, y: 800, size: 14, font });
  doc
    .getForm()
    .createTextField('Surname')
    .addToPage(page, { x: 50, y: 700, width: 200, height: 20 });
  doc.addJavaScript('greeting', 'app.alert("opened")');
  await doc.attach(new TextEncoder().encode('MZ pretend program'), 'invoice.exe', {
    mimeType: 'application/octet-stream',
  });
  const { context } = doc;
  const js = (code: string) => context.obj({ S: 'JavaScript', JS: PDFString.of(code) });
  doc.catalog.set(PDFName.of('OpenAction'), context.register(js('this.submitForm("x")')));
  page.node.set(PDFName.of('AA'), context.obj({ O: js('app.launchURL("x")') }));
  const launch = context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [50, 50, 150, 70],
    A: { S: 'Launch', F: PDFString.of('cmd.exe') },
  });
  const attachment = context.obj({ Type: 'Annot', Subtype: 'FileAttachment', Rect: [0, 0, 9, 9] });
  page.node.addAnnot(context.register(launch));
  page.node.addAnnot(context.register(attachment));
  return doc.save();
}

/** A form whose object stream unpacks to `megabytes` of nothing: a few kilobytes on disk. */
export async function unpackingForm(megabytes: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  const filler = new Uint8Array(megabytes * 1024 * 1024).fill(0x20);
  filler.set(new TextEncoder().encode('1 0 '));
  const stream = doc.context.flateStream(filler, { Type: 'ObjStm', N: 1, First: 4 });
  doc.context.register(stream);
  return doc.save({ useObjectStreams: false });
}

/** Every active entry a PDF still holds, by the names decision 110 takes out. */
export async function activeContentOf(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const found = new Set<string>();
  const look = (object: PDFObject | undefined): void => {
    if (object instanceof PDFArray) {
      for (const item of object.asArray()) look(item);
      return;
    }
    const dict = object instanceof PDFStream ? object.dict : object;
    if (!(dict instanceof PDFDict)) return;
    for (const [key, value] of dict.entries()) {
      const name = key.decodeText();
      if (['OpenAction', 'AA', 'JavaScript', 'JS', 'EmbeddedFiles', 'XFA'].includes(name)) {
        found.add(name);
      }
      const action = value instanceof PDFName ? value.decodeText() : '';
      if (
        name === 'S' &&
        ['JavaScript', 'Launch', 'URI', 'SubmitForm', 'ImportData'].includes(action)
      ) {
        found.add(action);
      }
      if (name === 'Type' && value instanceof PDFName && value.decodeText() === 'EmbeddedFile') {
        found.add('EmbeddedFile');
      }
      if (
        name === 'Subtype' &&
        value instanceof PDFName &&
        value.decodeText() === 'FileAttachment'
      ) {
        found.add('FileAttachment');
      }
      look(value);
    }
  };
  for (const [, object] of doc.context.enumerateIndirectObjects()) look(object);
  return [...found].sort();
}
