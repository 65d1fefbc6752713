// Requests of the practice API tests (decision 120): a manager starts a practice with its
// shared documents, invites practitioners, and each sends their own part through the link
// in their invitation mail, driven through the app like the web app would.
import { expect } from 'vitest';
import type { PracticeRequest } from '../../schema/practice-api.ts';
import type { DocumentInput } from '../../schema/submission-api.ts';
import { TERMS_VERSION } from '../../schema/terms-version.ts';
import { saIdNumber, uniqueNumber, uploadDocument } from './fixtures.ts';
import type { TestApp } from './harness.ts';
import { waitForMailTo } from './mail-files.ts';

/** A valid established practice with its two shared documents freshly uploaded. */
export async function practiceApplication(
  t: TestApp,
  over: Partial<PracticeRequest> = {},
): Promise<PracticeRequest> {
  const n = uniqueNumber();
  return {
    practiceType: 'established',
    practiceNumber: String(n % 10_000_000).padStart(7, '0'),
    contractPreferences: {
      keep: true,
      review: false,
      cancel: false,
      learnMore: false,
    },
    name: 'Sea Point Family Practice',
    address: '12 Main Road, Sea Point, Cape Town, 8005',
    contactPhone: '021 555 0100',
    contactEmail: `reception+${n}@seapoint.example.co.za`,
    managerName: 'Lindiwe Mokoena',
    managerEmail: `manager+${n}@seapoint.example.co.za`,
    selectedParents: ['discovery', 'bestmed'],
    selectedSchemes: ['discovery_health_medical_scheme', 'bankmed', 'bestmed'],
    documents: [await uploadDocument(t, 'bhf_form'), await uploadDocument(t, 'bank_proof')],
    ...over,
  } as PracticeRequest;
}

/** Starts a practice; returns the manager's link secret. */
export async function startPractice(t: TestApp, practice: PracticeRequest): Promise<string> {
  const res = await t.request('/api/practices', {
    method: 'POST',
    json: practice,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { practiceToken: string }).practiceToken;
}

/** The invitation secrets in the mails to an address (waiting for count of them), in no set order. */
export async function invitationTokensFor(t: TestApp, email: string, count = 1): Promise<string[]> {
  const mails = await waitForMailTo(t, email, count);
  expect(mails.length).toBeGreaterThanOrEqual(count);
  return mails.map((mail) => {
    const match = /practice\/join\?invitation=([A-Za-z0-9_-]+)/.exec(mail.text);
    expect(match).not.toBeNull();
    return match![1]!;
  });
}

export async function invitePractitioner(
  t: TestApp,
  practiceToken: string,
  who: { name: string; email: string },
): Promise<{ invitationId: string; token: string }> {
  const res = await t.request(`/api/practices/${practiceToken}/invitations`, {
    method: 'POST',
    json: who,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const { invitationId } = (await res.json()) as { invitationId: string };
  const [token] = await invitationTokensFor(t, who.email);
  return { invitationId, token: token! };
}

/** A practitioner's own part: their details, their ID copy, their HPCSA number. */
export async function ownPart(
  t: TestApp,
  email: string,
  over: {
    documents?: DocumentInput[];
    selectedSchemes?: string[];
    idNumber?: string;
  } = {},
) {
  return {
    practitioner: {
      firstName: 'Sipho',
      lastName: 'Dlamini',
      idNumber: over.idNumber ?? saIdNumber('820417', '5102'),
      email,
      phone: '082 123 4567',
      specialization: 'General Practice',
    },
    hpcsaNumber: 'MP0654321',
    selectedSchemes: over.selectedSchemes ?? [
      'discovery_health_medical_scheme',
      'bankmed',
      'bestmed',
    ],
    documents: over.documents ?? [await uploadDocument(t, 'certified_id', 'jpeg')],
    popiaConsent: true as const,
    consent: {
      timestamp: new Date().toISOString(),
      termsVersion: TERMS_VERSION,
      userAgent: 'Mozilla/5.0 (Linux; Android 14) Test',
    },
  };
}

export function sendOwnPart(
  t: TestApp,
  invitationToken: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return t.request(`/api/practice-invitations/${invitationToken}/submission`, {
    method: 'POST',
    json: body,
    headers,
  });
}
