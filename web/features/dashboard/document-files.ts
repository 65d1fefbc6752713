// Opening and saving a stored document for staff: a submission's, or a practice's shared one
// (each asks its own endpoint for the link). Links are fetched fresh on every press: signed
// URLs expire after minutes. Viewing goes through a blob so a PDF or photo opens in the
// browser even though the storage answers with Content-Disposition: attachment.
import { documentDownload } from '../../../schema/staff-endpoints.ts';
import { request } from '../../lib/api-client.ts';
import { toast } from '../../ui/toast.tsx';

function downloadFailed(error: unknown) {
  console.error('Document download failed', error);
  toast({
    title: 'Download Failed',
    description: 'Could not download the document. Please try again.',
    variant: 'destructive',
  });
}

// Only these open in a tab. The blob URL runs with the portal's origin, so its type must come
// from what the server detected in the bytes (StaffDocument.fileType), never from the
// storage answer: an R2 object keeps whatever type its uploader sent, text/html included.
const VIEWABLE_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png']);

/** A fresh signed link to a submission's document: the one in the detail expires in minutes. */
export async function submissionDocumentLink(id: string): Promise<string> {
  return (await request(documentDownload, { params: { id } })).downloadUrl;
}

export function viewableType(fileType: string): string {
  return VIEWABLE_TYPES.has(fileType) ? fileType : 'application/octet-stream';
}

/** Asks for a fresh signed link; the caller knows which endpoint gives it. */
export type FileLink = () => Promise<string>;

export async function viewDocument(link: FileLink, fileType: string) {
  // Opened before the awaits, while the press still counts as a user gesture (pop-up blockers).
  const tab = window.open('', '_blank');
  try {
    const url = await link();
    // Signed: no cookies to another origin (R2's CORS rule allows none).
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
    const blob = new Blob([await response.arrayBuffer()], { type: viewableType(fileType) });
    const objectUrl = URL.createObjectURL(blob);
    if (tab) tab.location.href = objectUrl;
    else window.open(objectUrl, '_blank');
    // The tab has its own reference once it loaded; a minute is plenty.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  } catch (error) {
    tab?.close();
    downloadFailed(error);
  }
}

export async function downloadDocument(link: FileLink, fileName: string) {
  try {
    const url = await link();
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = fileName;
    anchor.rel = 'noopener';
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    toast({ title: 'Download Started', description: `Downloading ${fileName}` });
  } catch (error) {
    downloadFailed(error);
  }
}
