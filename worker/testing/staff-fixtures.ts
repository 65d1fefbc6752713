// Test support for the staff API: staff accounts, signed-in sessions and submissions written
// straight into the database (the public submission API is built separately), with their
// documents' bytes in the real object store.

import { eq } from 'drizzle-orm';
import { newApplicationReference } from '../../schema/application-reference.ts';
import {
  auditLogs,
  consentRecords,
  documents,
  idempotencyKeys,
  mailOutbox,
  medicalAidStatuses,
  practitioners,
  statusEvents,
  submissions,
  uploadTickets,
} from '../../schema/db.ts';
import { createStaffAccount } from '../services/staff-accounts/staff-accounts.ts';
import { pdfBytes } from './file-fixtures.ts';
import type { TestApp } from './harness.ts';

export const STAFF_EMAIL = 'staff@bureau.co.za';
export const STAFF_PASSWORD = 'correct horse battery staple';
/** Every addStaff account is enrolled in MFA with this secret (base32). */
export const STAFF_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** A real one-page PDF: a registration form is parsed at upload, and must be one (decision 110). */
export const PDF_BYTES: Uint8Array<ArrayBuffer> = pdfBytes('Registration form');
export const PNG_BYTES = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);

export function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/** An account enrolled in MFA with STAFF_TOTP_SECRET (`enrolled: false`: enrols at sign-in). */
export async function addStaff(
  t: TestApp,
  email = STAFF_EMAIL,
  password = STAFF_PASSWORD,
  options: { enrolled?: boolean } = {},
) {
  const mfa = { signingKey: t.deps.signingKey, totpSecret: STAFF_TOTP_SECRET };
  await createStaffAccount(
    t.deps.db,
    t.deps.clock,
    email,
    password,
    options.enrolled === false ? undefined : mfa,
  );
}

export type SeededSubmission = {
  submissionId: string;
  practitionerId: string;
  trackingToken: string;
  reference: string;
  email: string;
  documentIds: string[];
  objectKeys: string[];
  schemeStatusIds: string[];
};

export type SeedOptions = {
  /** Reuse an existing practitioner (a second application by the same person). */
  practitionerId?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  practiceNumber?: string;
  status?: 'pending' | 'under_review' | 'approved' | 'rejected';
  createdAt?: Date;
};

let seeded = 0;

/** A complete established-practice submission, as the public API would have stored it. */
export async function seedSubmission(
  t: TestApp,
  options: SeedOptions = {},
): Promise<SeededSubmission> {
  const { db, store } = t.deps;
  seeded++;
  const now = options.createdAt ?? t.deps.clock.now();
  const submissionId = crypto.randomUUID();
  const trackingToken = `trk${crypto.randomUUID().replace(/-/g, '')}`;
  const reference = newApplicationReference();
  let practitionerId = options.practitionerId;
  // The submission's own copy of the contact details: a second application by the same person
  // repeats what their practitioner row holds unless the options say otherwise.
  let contact: {
    firstName: string;
    lastName: string;
    idNumber: string | null;
    email: string;
    phone: string;
    specialization: string;
  };
  if (practitionerId) {
    const [existing] = await db
      .select()
      .from(practitioners)
      .where(eq(practitioners.id, practitionerId));
    if (!existing) throw new Error(`No practitioner ${practitionerId}`);
    contact = {
      firstName: options.firstName ?? existing.firstName,
      lastName: options.lastName ?? existing.lastName,
      idNumber: existing.idNumber,
      email: options.email ?? existing.email,
      phone: existing.phone,
      specialization: existing.specialization,
    };
  } else {
    practitionerId = crypto.randomUUID();
    contact = {
      firstName: options.firstName ?? 'Thandi',
      lastName: options.lastName ?? `Nkosi${seeded}`,
      idNumber: '8001015009087',
      email: options.email ?? `practitioner${seeded}@example.co.za`,
      phone: '082 123 4567',
      specialization: 'General Practitioner',
    };
    await db
      .insert(practitioners)
      .values({ id: practitionerId, ...contact, createdAt: now, updatedAt: now });
  }
  const { email } = contact;

  const sections = [
    { key: 'certified_id', label: 'Certified ID Copy' },
    { key: 'bank_proof', label: 'Bank Confirmation Letter' },
  ];
  const docs = sections.map((section) => ({
    id: crypto.randomUUID(),
    objectKey: `docs/${crypto.randomUUID()}`,
    section,
  }));
  for (const doc of docs) {
    await store.put(doc.objectKey, streamOf(PDF_BYTES), {
      contentType: 'application/pdf',
      maxBytes: 1024,
    });
  }
  const schemes = [
    { key: 'discovery_health_medical_scheme', name: 'Discovery Health Medical Scheme' },
    { key: 'bestmed', name: 'Bestmed' },
  ].map((s) => ({ ...s, id: crypto.randomUUID() }));

  await db.batch([
    db.insert(submissions).values({
      id: submissionId,
      practitionerId,
      trackingToken,
      reference,
      ...contact,
      practiceType: 'established',
      status: options.status ?? 'pending',
      practiceNumber: options.practiceNumber ?? '1234567',
      hpcsaNumber: 'MP0123456',
      selectedParents: ['discovery', 'bestmed'],
      selectedSchemes: schemes.map((s) => s.key),
      contractPreferences: { keep: true, review: false, cancel: false, learnMore: false },
      additionalNotes: 'Please call after 14:00',
      createdAt: now,
      updatedAt: now,
    }),
    db.insert(uploadTickets).values(
      docs.map((d) => ({
        objectKey: d.objectKey,
        purpose: 'submission_document' as const,
        requestedName: `${d.section.key}_${now.getTime()}`,
        sectionKey: d.section.key,
        allowedTypes: ['application/pdf'],
        maxBytes: 104_857_600,
        clientKey: 'client',
        createdAt: now,
        expiresAt: new Date(now.getTime() + 3_600_000),
        usedAt: now,
      })),
    ),
    db.insert(documents).values(
      docs.map((d) => ({
        id: d.id,
        submissionId,
        sectionKey: d.section.key,
        sectionLabel: d.section.label,
        fileName: `${d.section.key}.pdf`,
        fileSize: PDF_BYTES.byteLength,
        fileType: 'application/pdf',
        objectKey: d.objectKey,
        uploadedAt: now,
      })),
    ),
    db.insert(consentRecords).values({
      id: crypto.randomUUID(),
      submissionId,
      termsVersion: '1.0.0',
      consentedAt: now,
      clientTimestamp: now.toISOString(),
      ipAddress: '198.51.100.7',
      userAgent: 'Mozilla/5.0 (Linux; Android 14)',
    }),
    db.insert(medicalAidStatuses).values(
      schemes.map((s) => ({
        id: s.id,
        submissionId,
        schemeKey: s.key,
        medicalAidName: s.name,
        status: 'pending' as const,
        requiresHardCopy: s.key === 'bestmed',
        lastUpdated: now,
      })),
    ),
    db.insert(statusEvents).values({
      id: crypto.randomUUID(),
      submissionId,
      eventType: 'submission_received',
      description: 'Application received',
      createdAt: now,
    }),
    db.insert(auditLogs).values({
      id: crypto.randomUUID(),
      submissionId,
      actor: 'practitioner',
      action: 'submission_created',
      entityType: 'submission',
      entityId: submissionId,
      details: { documents: docs.length },
      createdAt: now,
    }),
    db.insert(idempotencyKeys).values({
      key: crypto.randomUUID(),
      scope: 'submit',
      requestHash: 'hash',
      responseStatus: 201,
      responseBody: JSON.stringify({ message: 'Application submitted', trackingToken }),
      createdAt: now,
    }),
    db.insert(mailOutbox).values({
      id: crypto.randomUUID(),
      to: email,
      subject: 'Your application was received',
      text: `Track it with ${trackingToken}`,
      createdAt: now,
      sentAt: now,
      attempts: 1,
    }),
  ]);
  return {
    submissionId,
    practitionerId,
    trackingToken,
    reference,
    email,
    documentIds: docs.map((d) => d.id),
    objectKeys: docs.map((d) => d.objectKey),
    schemeStatusIds: schemes.map((s) => s.id),
  };
}
