// Test fixtures for API tests: real tiny files of each accepted type, and the whole
// practitioner flow (upload ticket -> PUT -> submit) driven through the app like a client.
import { crc32, deflateSync } from 'node:zlib';
import {
  type DocumentInput,
  objectUploadResponse,
  type PractitionerInput,
  type SubmitRequest,
} from '../../schema/api.ts';
import { luhnValid } from '../../schema/rules.ts';
import { findAnySection, type PracticeType, sectionsFor } from '../../schema/sections.ts';
import { TERMS_VERSION } from '../../schema/terms-version.ts';
import type { TestApp } from './harness.ts';

export type FixtureKind = 'pdf' | 'jpeg' | 'png' | 'doc' | 'docx';

export const CONTENT_TYPE: Record<FixtureKind, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const encoder = new TextEncoder();

/** A valid one-page PDF 1.4 with a correct cross-reference table. */
export function pdfBytes(text = 'Test document'): Uint8Array<ArrayBuffer> {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    (() => {
      const stream = `BT /F1 12 Tf 10 50 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
      return `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
    })(),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return encoder.encode(out) as Uint8Array<ArrayBuffer>;
}

/** An 8x8 baseline JPEG (made once with an image library; it decodes to a flat blue square). */
export const JPEG_BASE64 =
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABv/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AIMAxHH/2Q==';

export function jpegBytes(): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(JPEG_BASE64, 'base64'));
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  typed.copy(out, 4);
  out.writeUInt32BE(crc32(typed), 8 + data.length);
  return out;
}

/** A valid 2x2 RGB PNG. */
export function pngBytes(): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  // Each row: filter byte 0, then two RGB pixels.
  const raw = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', header),
      pngChunk('IDAT', deflateSync(raw)),
      pngChunk('IEND', new Uint8Array(0)),
    ]),
  );
}

/** The 512-byte header of an OLE2 compound file, as every legacy Word .doc starts. */
export function docBytes(): Uint8Array<ArrayBuffer> {
  const out = Buffer.alloc(1536);
  out.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 0);
  out.writeUInt16LE(0x003e, 24); // minor version
  out.writeUInt16LE(0x0003, 26); // major version 3
  out.writeUInt16LE(0xfffe, 28); // little-endian byte order mark
  out.writeUInt16LE(9, 30); // 512-byte sectors
  out.writeUInt16LE(6, 32); // 64-byte mini sectors
  return new Uint8Array(out);
}

/** A minimal Word document: a stored (uncompressed) ZIP with the three parts Word needs. */
export function docxBytes(): Uint8Array<ArrayBuffer> {
  const files: [string, string][] = [
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    [
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ],
    [
      'word/document.xml',
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Practice details</w:t></w:r></w:p></w:body></w:document>',
    ],
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of files) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(content, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, ...centrals, end]));
}

export function fixtureBytes(kind: FixtureKind): Uint8Array<ArrayBuffer> {
  switch (kind) {
    case 'pdf':
      return pdfBytes();
    case 'jpeg':
      return jpegBytes();
    case 'png':
      return pngBytes();
    case 'doc':
      return docBytes();
    case 'docx':
      return docxBytes();
  }
}

const EXTENSION: Record<FixtureKind, string> = {
  pdf: 'pdf',
  jpeg: 'jpg',
  png: 'png',
  doc: 'doc',
  docx: 'docx',
};

/** A valid South African ID number for a birth date (YYMMDD): the Luhn check digit is computed. */
export function saIdNumber(birthDate = '800101', sequence = '5009', citizenship = '0'): string {
  const body = `${birthDate}${sequence}${citizenship}8`;
  for (let check = 0; check <= 9; check++) {
    if (luhnValid(`${body}${check}`)) return `${body}${check}`;
  }
  throw new Error('unreachable: one check digit always fits');
}

let counter = Math.floor(Math.random() * 5_000_000);
/** A 7-digit number unique within the test process, for e-mails and practice numbers. */
export function uniqueNumber(): number {
  counter += 1;
  return 1_000_000 + (counter % 9_000_000);
}

export type UploadOptions = {
  /** The bytes to send instead of a real file of kind (e.g. a disguised file). */
  bytes?: Uint8Array<ArrayBuffer>;
  /** The Content-Type of the PUT, by default the kind's. */
  contentType?: string;
  /** The client address the in-process request comes from (X-Test-Client). */
  client?: string;
};

/**
 * Asks for an upload ticket for sectionKey, PUTs a real file of kind to the returned URL and
 * returns the submit payload's document entry for it.
 */
export async function uploadDocument(
  t: TestApp,
  sectionKey: string,
  kind: FixtureKind = 'pdf',
  options: UploadOptions = {},
): Promise<DocumentInput> {
  const headers: Record<string, string> = options.client ? { 'X-Test-Client': options.client } : {};
  const ticket = await t.request('/api/objects/upload', {
    method: 'POST',
    json: { filename: `${sectionKey}_${Date.now()}` },
    headers,
  });
  if (ticket.status !== 200) {
    throw new Error(`upload ticket for ${sectionKey}: ${ticket.status} ${await ticket.text()}`);
  }
  const { uploadURL } = objectUploadResponse.parse(await ticket.json());
  const bytes = options.bytes ?? fixtureBytes(kind);
  const put = await t.request(uploadURL, {
    method: 'PUT',
    body: bytes,
    headers: { 'Content-Type': options.contentType ?? CONTENT_TYPE[kind] },
  });
  if (put.status !== 200) throw new Error(`PUT ${sectionKey}: ${put.status} ${await put.text()}`);
  return {
    name: `${sectionKey}-scan.${EXTENSION[kind]}`,
    size: bytes.byteLength,
    type: options.contentType ?? CONTENT_TYPE[kind],
    url: uploadURL,
    uploadedAt: new Date().toISOString(),
    sectionKey,
    sectionLabel: findAnySection(sectionKey)?.label ?? sectionKey,
  };
}

export type ApplicationOptions = {
  practiceType?: PracticeType;
  practitioner?: Partial<PractitionerInput>;
  /** Fields merged over the default submission of the practice type. */
  submission?: Record<string, unknown>;
  /** The documents to send; by default one fresh PDF per required section. */
  documents?: DocumentInput[];
  consent?: SubmitRequest['consent'] | null;
};

/** A complete, valid submit payload with freshly uploaded documents for every required section. */
export async function buildApplication(
  t: TestApp,
  options: ApplicationOptions = {},
): Promise<SubmitRequest> {
  const practiceType = options.practiceType ?? 'established';
  const n = uniqueNumber();
  const documents =
    options.documents ??
    (await Promise.all(
      sectionsFor(practiceType)
        .filter((s) => s.required)
        .map((s) => uploadDocument(t, s.key, 'pdf')),
    ));
  const base =
    practiceType === 'established'
      ? {
          practiceType,
          practiceNumber: String(n % 10_000_000).padStart(7, '0'),
          hpcsaNumber: 'MP0123456',
          selectedParents: ['discovery', 'bestmed'],
          selectedSchemes: ['discovery_health_medical_scheme', 'bankmed', 'bestmed'],
          contractPreferences: { keep: true, review: false, cancel: false, learnMore: true },
          additionalNotes: 'Please call after 14:00.',
        }
      : {
          practiceType,
          selectedParents: ['medihelp'],
          selectedSchemes: ['medihelp'],
          interestedInContracts: true,
        };
  return {
    practitioner: {
      firstName: 'Thandi',
      lastName: 'Nkosi',
      idNumber: saIdNumber(),
      email: `thandi.nkosi+${n}@example.co.za`,
      phone: '082 123 4567',
      specialization: 'General Practice',
      ...options.practitioner,
    },
    submission: { ...base, ...options.submission } as SubmitRequest['submission'],
    documents,
    popiaConsent: true,
    ...(options.consent === null
      ? {}
      : {
          consent: options.consent ?? {
            timestamp: new Date().toISOString(),
            termsVersion: TERMS_VERSION,
            userAgent: 'Mozilla/5.0 (Linux; Android 14) Test',
          },
        }),
  };
}

/** POSTs a submit payload as the web app does. */
export function postSubmission(
  t: TestApp,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return Promise.resolve(t.request('/api/submissions', { method: 'POST', json: payload, headers }));
}

/** Builds a valid application (see buildApplication), submits it and returns both. */
export async function submitApplication(
  t: TestApp,
  options: ApplicationOptions & { headers?: Record<string, string> } = {},
): Promise<{ payload: SubmitRequest; response: Response }> {
  const payload = await buildApplication(t, options);
  const response = await postSubmission(t, payload, options.headers);
  return { payload, response };
}
