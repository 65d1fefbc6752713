// A picked photo is compressed on the device before it is sent (docs/product.md#validation,
// #limits), one at a time:
// decoding a large photo takes much of a phone's memory. The library loads with the first photo.
import { findUpload, keepUploadBytes, patchUpload, readUploadBytes } from './store.ts';

export const UNREADABLE_IMAGE =
  'This image could not be read. Please take the photo again or choose another file.';

let chain: Promise<unknown> = Promise.resolve();

/** Compresses a file kept as 'stored', then calls `whenDone` (compressed or in error). */
export function compressUpload(id: string, whenDone: () => void): Promise<unknown> {
  chain = chain.then(async () => {
    const file = findUpload(id);
    if (file?.stage !== 'stored') return;
    patchUpload(id, { stage: 'compressing' });
    try {
      const { compressImage, makeThumbnail } = await import('./image-compression.ts');
      const bytes = await readUploadBytes(file);
      if (!bytes) throw new Error('missing');
      const out = await compressImage(bytes, file.type, file.name);
      if (!findUpload(id)) return;
      const { chunkSize } = await keepUploadBytes(id, out.bytes);
      const thumbnail = await makeThumbnail(out.bytes, out.type);
      patchUpload(id, {
        stage: 'queued',
        compress: false,
        type: out.type,
        name: out.name,
        size: out.bytes.byteLength,
        chunkSize,
        thumbnail,
      });
    } catch {
      patchUpload(id, { stage: 'error', error: UNREADABLE_IMAGE });
    }
    whenDone();
  });
  return chain;
}
