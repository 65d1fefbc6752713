// The only seams of the API besides the database client (db.ts): storage of bytes (and the
// disk's free space), outgoing mail, time, and the busiest reads kept prepared.

export type StoredObject = { size: number; contentType: string };

export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
  }
}

export class ObjectExistsError extends Error {
  constructor() {
    super('An object with this key already exists');
  }
}

/** A part the store holds of an upload in parts (docs/decisions/063-resumable-uploads.md). */
export type StoredPart = { partNumber: number; etag: string; size: number };

/** The store knows no such upload in parts (never made, completed, aborted or expired). */
export class UploadNotFoundError extends Error {
  constructor() {
    super('There is no such upload in parts');
  }
}

/** A complete named parts the store does not hold (or holds with other bytes). */
export class PartsMismatchError extends Error {
  constructor() {
    super('Some parts are missing or differ from the ones sent');
  }
}

/** A part's body ended before its declared size (a dropped connection): nothing is kept. */
export class IncompletePartError extends Error {
  constructor() {
    super('The part ended before all its bytes arrived');
  }
}

/**
 * The store must know an upload's length before its bytes arrive (R2's binding takes a stream
 * only with its length), and the client sent none: 411, never buffered into an isolate.
 */
export class LengthRequiredError extends Error {
  constructor() {
    super("An upload to this store needs the file's Content-Length");
  }
}

export interface ObjectStore {
  /**
   * Streams body into the store under key. Refuses (ObjectExistsError) when the key is taken
   * and stops reading past maxBytes (ObjectTooLargeError), leaving nothing behind.
   */
  put(
    key: string,
    body: ReadableStream<Uint8Array>,
    /** length: the declared Content-Length, when the client sent one (R2 needs it). */
    options: { contentType: string; maxBytes: number; length?: number },
  ): Promise<StoredObject>;
  get(key: string): Promise<(StoredObject & { body: ReadableStream<Uint8Array> }) | null>;
  head(key: string): Promise<StoredObject | null>;
  /** The first bytes of an object (for magic-byte checks), or null when it does not exist. */
  readStart(key: string, length: number): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
  /**
   * Every stored object with its size and type, in no set order: what a backup copies
   * (worker/backup/). Uploads in parts not yet completed are not objects yet.
   */
  list(): AsyncIterable<StoredObject & { key: string }>;
  /**
   * A URL a client can PUT the bytes to directly. For stores without their own signing (the
   * local disk) the app itself serves the URL, see routes/storage.ts.
   */
  createUploadUrl(
    key: string,
    options: {
      contentTypes: readonly string[];
      maxBytes: number;
      expiresInSeconds: number;
      /**
       * The client's declared type and size: a store that can sign them into the URL does (R2,
       * straight to the bucket); without them the app's own URL takes the bytes and checks the
       * type and maximum as they stream (the disk store always, R2 for the spec's bare request).
       */
      exact?: { contentType: string; size: number };
    },
  ): Promise<string>;
  createDownloadUrl(
    key: string,
    options: { fileName: string; expiresInSeconds: number },
  ): Promise<string>;

  // Uploads in parts, S3 style: the object appears under key only when complete.
  /** Starts an upload in parts; answers the store's id for it. */
  createMultipartUpload(key: string, options: { contentType: string }): Promise<string>;
  /**
   * A URL a client PUTs one part to. It accepts exactly `size` bytes, so an upload can never
   * hold more than the sizes its URLs were signed for. The answer carries the part's ETag.
   */
  createPartUploadUrl(
    key: string,
    uploadId: string,
    part: { partNumber: number; size: number; expiresInSeconds: number },
  ): Promise<string>;
  /**
   * Stores one part from the app's own part URL (stores without their own signing; routes/
   * storage.ts). Writes all of it or nothing; throws UploadNotFoundError.
   */
  putPart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: ReadableStream<Uint8Array>,
    size: number,
  ): Promise<StoredPart>;
  /** The parts held so far, by part number; throws UploadNotFoundError. */
  listParts(key: string, uploadId: string): Promise<StoredPart[]>;
  /**
   * Joins the named parts, in order, into the object under key. Throws UploadNotFoundError,
   * or PartsMismatchError when a part is missing or its ETag differs.
   */
  completeMultipartUpload(
    key: string,
    uploadId: string,
    parts: readonly { partNumber: number; etag: string }[],
  ): Promise<StoredObject>;
  /** Drops the upload and its parts; an unknown upload is not an error. */
  abortMultipartUpload(key: string, uploadId: string): Promise<void>;
}

export type MailMessage = {
  /**
   * The outbox row's id. Transports use it so a message delivered again after a crash (sent,
   * but the process died before recording it) arrives once: the file transport's file name,
   * the HTTP API's Idempotency-Key, SMTP's Message-ID (decision 053).
   */
  id: string;
  /** When the message was written: its Date header and the file transport's name stamp. */
  date: Date;
  to: string;
  subject: string;
  text: string;
  /** A simple HTML alternative of text; every inserted value already escaped. */
  html?: string;
};

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * Removes the copies it keeps of sent mail that mention any of these texts (a deleted
   * submission's tracking token and id). Only a transport that keeps copies has it: the file
   * transport's .eml files; SMTP and the mail API keep none.
   */
  forget?(mentioning: readonly string[]): Promise<void>;
}

/**
 * Free space on the disk that holds the database and the stored files, or null where the
 * store is not on a disk of ours (R2). Guards the free-space floor (decision 068).
 */
/**
 * A registration-form PDF refused before anyone fills it: unreadable, past the bounds of what the
 * portal opens (pages, objects, unpacked bytes, time) or its memory. The message tells staff what
 * to do; it names no byte of the file.
 */
export class FormRefusedError extends Error {}

/** A staff-uploaded form made safe to pass on: active content taken out (decision 110). */
export type CleanedForm = {
  /** The clean copy: the file itself when nothing had to go, else the rewritten one. */
  bytes: Uint8Array;
  pageCount: number;
  /** What was taken out (OpenAction, JavaScript, EmbeddedFiles, …), for the audit entry. */
  removed: string[];
};

/**
 * Cleans a registration form within bounds (services/form-pdfs/form-cleaning.ts): on Node in a
 * worker thread with a memory and time limit, so a hostile file never blocks the request thread;
 * on Workers in the isolate, bounded by the unpacked-bytes budget checked before parsing.
 * Throws FormRefusedError.
 */
export interface FormCleaner {
  clean(bytes: Uint8Array): Promise<CleanedForm>;
}

export interface DiskSpace {
  freeBytes(): Promise<number | null>;
}

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * The busiest reads (decision 105): each one constant statement answered by the first column
 * of its first row (undefined when no row matches). On the Node entry's local file they are
 * prepared once and kept (adapters/local-file-reads.ts); elsewhere they go through the client
 * (adapters/client-reads.ts), one round trip each.
 */
export interface PreparedReads {
  firstValue(sql: string, args: readonly (string | number | null)[]): Promise<unknown>;
}

/**
 * Where webhooks leave (decision 122): a host's addresses, to refuse private ones, and one
 * signed POST with a time limit. Fetch on both targets; the host lookup differs (Node's
 * resolver; DNS over HTTPS on Workers).
 */
export interface WebhookSender {
  /** Every address the host resolves to; an address literal resolves to itself. */
  resolve(host: string): Promise<string[]>;
  /** The receiver's status; throws when none came in time or the connection failed. */
  post(
    url: string,
    request: { headers: Record<string, string>; body: string; timeoutMs: number },
  ): Promise<number>;
}
