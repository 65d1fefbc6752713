// Seeds real applications through the public API, as the wizard would: upload tickets, PUT of
// small generated files (PDF, JPEG, PNG), then the submit. Staff changes go through the staff
// API with the e2e admin account.
import { deflateSync } from 'node:zlib';
import { type APIRequestContext, expect } from '@playwright/test';
import { findAnySection } from '../schema/sections.ts';
import { conditionalPutHeaders } from '../web/lib/uploads/upload-url.ts';
import { SESSION_COOKIE, staffSession } from './staff-session.ts';

type Kind = 'pdf' | 'jpeg' | 'png';
const CONTENT_TYPE: Record<Kind, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

function pdf(text: string): Buffer {
  const stream = `BT /F1 12 Tf 10 50 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
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
  return Buffer.from(out, 'latin1');
}

// An 8x8 baseline JPEG (a flat blue square).
const JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABv/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AIMAxHH/2Q==',
  'base64',
);

function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    typed.copy(out, 4);
    out.writeUInt32BE(crc32(typed), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const bytesOf = (kind: Kind, text: string) =>
  kind === 'pdf' ? pdf(text) : kind === 'jpeg' ? JPEG : png();

export async function upload(request: APIRequestContext, sectionKey: string, kind: Kind) {
  const sectionLabel = findAnySection(sectionKey)?.label ?? sectionKey;
  const body = bytesOf(kind, sectionLabel);
  const ticket = await request.post('/api/objects/upload', {
    data: {
      filename: `${sectionKey}_${Date.now()}`,
      size: body.byteLength,
      contentType: CONTENT_TYPE[kind],
    },
  });
  expect(ticket.status(), await ticket.text()).toBe(200);
  const { uploadURL } = (await ticket.json()) as { uploadURL: string };
  const put = await request.put(uploadURL, {
    data: body,
    headers: { 'Content-Type': CONTENT_TYPE[kind], ...conditionalPutHeaders(uploadURL) },
  });
  expect(put.status(), await put.text()).toBe(200);
  const ext = kind === 'jpeg' ? 'jpg' : kind;
  return {
    name: `${sectionKey}-scan.${ext}`,
    size: body.byteLength,
    type: CONTENT_TYPE[kind],
    url: uploadURL,
    uploadedAt: new Date().toISOString(),
    sectionKey,
    sectionLabel,
  };
}

/** A valid SA ID number (born 15 March 1980): the Luhn check digit is computed. */
export function saIdNumber(sequence: string): string {
  const body = `800315${sequence.slice(-4).padStart(4, '0')}08`;
  for (let check = 0; check <= 9; check++) {
    const id = `${body}${check}`;
    let sum = 0;
    for (let i = 0; i < id.length; i++) {
      let d = Number(id[id.length - 1 - i]);
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    if (sum % 10 === 0) return id;
  }
  throw new Error('unreachable');
}

let sequence = Math.floor(Math.random() * 1_000_000);
const nextNumber = () => {
  sequence += 1;
  return String(1_000_000 + (sequence % 9_000_000)).padStart(7, '0');
};

export type Seeded = {
  token: string;
  /** The short reference, XXXX-XXXX (decision 089). */
  reference: string;
  id: string;
  practiceNumber: string;
  idNumber: string;
  lastName: string;
};

/** An established practice with Discovery (one scheme) and Bestmed (hard copy required). */
export async function seedEstablished(request: APIRequestContext): Promise<Seeded> {
  const practiceNumber = nextNumber();
  const idNumber = saIdNumber(practiceNumber);
  const documents = [
    await upload(request, 'bhf_form', 'pdf'),
    await upload(request, 'certified_id', 'jpeg'),
    await upload(request, 'bank_proof', 'png'),
  ];
  const response = await request.post('/api/submissions', {
    data: {
      practitioner: {
        firstName: 'Thandi',
        lastName: 'Nkosi',
        idNumber,
        email: `thandi.${practiceNumber}@example.co.za`,
        phone: '082 123 4567',
        specialization: 'General Practice',
      },
      submission: {
        practiceType: 'established',
        practiceNumber,
        hpcsaNumber: 'MP0123456',
        selectedParents: ['discovery', 'bestmed'],
        selectedSchemes: ['discovery_health_medical_scheme', 'bankmed', 'bestmed'],
        contractPreferences: { keep: true, review: false, cancel: false, learnMore: true },
        additionalNotes: 'Please call after 14:00.',
      },
      documents,
      popiaConsent: true,
      consent: {
        timestamp: new Date().toISOString(),
        termsVersion: '1.0.0',
        userAgent: 'e2e',
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { trackingToken } = (await response.json()) as { trackingToken: string };
  const view = await (await request.get(`/api/submissions/${trackingToken}`)).json();
  return {
    token: trackingToken,
    reference: view.submission.reference,
    id: view.submission.id,
    practiceNumber,
    idNumber,
    lastName: 'Nkosi',
  };
}

/** A new practice that selected no scheme (only a warning in the wizard). */
export async function seedNewWithoutSchemes(request: APIRequestContext): Promise<Seeded> {
  const sections = [
    'certified_id',
    'proof_of_address',
    'hpcsa_certificate',
    'practice_number',
    'indemnity_cover',
    'bank_proof',
  ];
  const documents = [];
  for (const key of sections) documents.push(await upload(request, key, 'pdf'));
  const n = nextNumber();
  const response = await request.post('/api/submissions', {
    data: {
      practitioner: {
        firstName: 'Sipho',
        lastName: 'Dlamini',
        email: `sipho.${n}@example.co.za`,
        phone: '+27 82 555 0101',
        specialization: 'Physiotherapy',
      },
      submission: {
        practiceType: 'new',
        selectedParents: [],
        selectedSchemes: [],
        interestedInContracts: true,
      },
      documents,
      popiaConsent: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { trackingToken } = (await response.json()) as { trackingToken: string };
  const view = await (await request.get(`/api/submissions/${trackingToken}`)).json();
  return {
    token: trackingToken,
    reference: view.submission.reference,
    id: view.submission.id,
    practiceNumber: '',
    idNumber: '',
    lastName: 'Dlamini',
  };
}

/** The Cookie header of the shared staff session (e2e/staff-session.ts). */
export async function staffLogin(request: APIRequestContext): Promise<{ Cookie: string }> {
  const { value } = await staffSession(request);
  return { Cookie: `${SESSION_COOKIE}=${value}` };
}

/** Staff approve the first scheme and reject the certified ID with a reason. */
export async function reviewSome(request: APIRequestContext, seeded: Seeded) {
  const headers = await staffLogin(request);
  const detail = await (
    await request.get(`/api/admin/submissions/${seeded.id}`, { headers })
  ).json();
  const discovery = detail.medicalAidStatuses.find(
    (s: { schemeKey: string }) => s.schemeKey === 'discovery_health_medical_scheme',
  );
  const approve = await request.patch(
    `/api/admin/submissions/${seeded.id}/schemes/${discovery.id}`,
    { headers, data: { status: 'approved', notes: 'Welcome letter sent.' } },
  );
  expect(approve.status(), await approve.text()).toBe(200);
  const id = detail.documents.find((d: { sectionKey: string }) => d.sectionKey === 'certified_id');
  const reject = await request.patch(`/api/admin/documents/${id.id}`, {
    headers,
    data: { status: 'rejected', reason: 'The certification stamp is not legible.' },
  });
  expect(reject.status(), await reject.text()).toBe(200);
}
