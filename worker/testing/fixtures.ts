// Test fixtures for API tests: the whole practitioner flow (upload ticket -> PUT -> submit)
// driven through the app like a client, with real files from file-fixtures.ts.

import { luhnValid } from '../../schema/practitioner-numbers.ts';
import { findAnySection, type PracticeType, sectionsFor } from '../../schema/sections.ts';
import type {
  DocumentInput,
  PractitionerInput,
  SubmitRequest,
} from '../../schema/submission-api.ts';
import { TERMS_VERSION } from '../../schema/terms-version.ts';
import { objectUploadResponse } from '../../schema/upload-api.ts';
import { CONTENT_TYPE, type FixtureKind, fixtureBytes } from './file-fixtures.ts';
import type { TestApp } from './harness.ts';

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
  /** The client address the in-process request comes from (the harness's socket). */
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
  const bytes = options.bytes ?? fixtureBytes(kind);
  // Declared as the wizard declares a file (R2 tickets need it); a test that sends another
  // type than the file's declares nothing, so the PUT's own check is what refuses it.
  const declared =
    options.contentType === undefined
      ? { size: bytes.byteLength, contentType: CONTENT_TYPE[kind] }
      : {};
  const ticket = await t.request('/api/objects/upload', {
    method: 'POST',
    json: { filename: `${sectionKey}_${Date.now()}`, ...declared },
    client: options.client,
  });
  if (ticket.status !== 200) {
    throw new Error(`upload ticket for ${sectionKey}: ${ticket.status} ${await ticket.text()}`);
  }
  const { uploadURL } = objectUploadResponse.parse(await ticket.json());
  // An R2 URL signed for the file signs If-None-Match too (worker/adapters/s3-upload-url.ts).
  const signsIfNoneMatch = new URL(uploadURL, 'http://base').searchParams
    .get('X-Amz-SignedHeaders')
    ?.split(';')
    .includes('if-none-match');
  const put = await t.request(uploadURL, {
    method: 'PUT',
    body: bytes,
    headers: {
      'Content-Type': options.contentType ?? CONTENT_TYPE[kind],
      ...(signsIfNoneMatch ? { 'If-None-Match': '*' } : {}),
    },
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
  client?: string,
): Promise<Response> {
  return Promise.resolve(
    t.request('/api/submissions', { method: 'POST', json: payload, headers, client }),
  );
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
