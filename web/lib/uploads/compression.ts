// A picked photo is compressed on the device before it is sent (docs/product.md#validation,
// #limits), one at a time:
// decoding a large photo takes much of a phone's memory. The library loads with the first photo.
// The compressed bytes are written under a key of their own and the record then moves to them:
// a page killed in between still has the photo as picked (and compresses it again).
import { DeviceStorageFullError } from '../device-store.ts';
import {
  findUpload,
  keepUploadBytes,
  patchUpload,
  readUploadBytes,
  removeBytesUnder,
  uploadsPersisted,
} from './store.ts';

export const UNREADABLE_IMAGE =
  'This image could not be read. Please take the photo again or choose another file.';

let chain: Promise<unknown> = Promise.resolve();

/** Compresses a file kept as 'stored', then calls `whenDone` (compressed or in error). */
export function compressUpload(id: string, whenDone: () => void): Promise<unknown> {
  chain = chain.then(async () => {
    const file = findUpload(id);
    if (file?.stage !== 'stored') return;
    patchUpload(id, { stage: 'compressing' });
    const bytesId = `${id}.${Date.now().toString(36)}`;
    try {
      const { compressImage, makeThumbnail } = await import('./image-compression.ts');
      const bytes = await readUploadBytes(file);
      if (!bytes) throw new Error('missing');
      const out = await compressImage(bytes, file.type, file.name);
      if (!findUpload(id)) return;
      const { chunkSize } = await keepUploadBytes(bytesId, out.bytes);
      const thumbnail = await makeThumbnail(out.bytes, out.type);
      if (!findUpload(id)) {
        await removeBytesUnder(bytesId);
        return;
      }
      patchUpload(id, {
        stage: 'queued',
        compress: false,
        type: out.type,
        name: out.name,
        size: out.bytes.byteLength,
        chunkSize,
        bytesId,
        thumbnail,
      });
      // The picked bytes go only once the record names the compressed ones.
      await uploadsPersisted();
      await removeBytesUnder(file.bytesId ?? file.id);
    } catch (error) {
      if (findUpload(id)?.bytesId !== bytesId) await removeBytesUnder(bytesId).catch(() => {});
      const full = error instanceof DeviceStorageFullError;
      patchUpload(id, { stage: 'error', error: full ? error.message : UNREADABLE_IMAGE });
    }
    whenDone();
  });
  return chain;
}
