// PUT of a file's bytes to its signed upload URL with real progress (fetch cannot report
// upload progress, XMLHttpRequest can).

export class NetworkError extends Error {
  constructor() {
    super('No Internet connection');
  }
}

export type PutResult = { status: number; body: unknown };

export function putBytes(
  url: string,
  bytes: ArrayBuffer,
  contentType: string,
  onProgress: (sent: number) => void,
  signal: AbortSignal,
): Promise<PutResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = xhr.responseText;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.ontimeout = () => reject(new NetworkError());
    xhr.onabort = () => reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(bytes);
  });
}
