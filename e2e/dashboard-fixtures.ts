// Helpers for the dashboard journeys: a practitioner's submission made through the public API
// exactly as the wizard makes it (upload ticket -> PUT -> submit), a registration form as the
// dashboard registers one, and a staff sign-in.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { findAnySection, sectionsFor } from '../schema/sections.ts';
import type { SubmitRequest, SubmitResponse } from '../schema/submission-api.ts';
import { TERMS_VERSION } from '../schema/terms-version.ts';
import { conditionalPutHeaders } from '../web/lib/uploads/upload-url.ts';
import { pdfBytes as validPdf } from '../worker/testing/file-fixtures.ts';
import { SESSION_COOKIE, staffSession } from './staff-session.ts';

/** A valid one-page PDF (the server checks magic bytes and structure, not just the type). */
export function pdfBytes(text = 'Test document'): Buffer {
  return Buffer.from(validPdf(text));
}

/** State-changing calls must come from our own origin (CSRF check), as the browser's do. */
export function originHeaders(baseURL: string): Record<string, string> {
  return { Origin: new URL(baseURL).origin };
}

let sequence = Date.now() % 1_000_000;

export type PractitionerSubmission = {
  trackingToken: string;
  /** The short reference, XXXX-XXXX (decision 089). */
  reference: string;
  firstName: string;
  lastName: string;
  email: string;
};

/** Submits a complete established-practice application with one PDF per required section. */
export async function submitApplication(
  request: APIRequestContext,
  baseURL: string,
  lastName = 'Nkosi',
  schemes = {
    selectedParents: ['discovery'],
    selectedSchemes: ['discovery_health_medical_scheme', 'bankmed'],
  },
): Promise<PractitionerSubmission> {
  sequence += 1;
  const headers = originHeaders(baseURL);
  const documents: SubmitRequest['documents'] = [];
  for (const section of sectionsFor('established').filter((s) => s.required)) {
    const bytes = pdfBytes(section.label);
    // Size and type declared, as the wizard does (an R2 URL signs them).
    const ticket = await request.post('/api/objects/upload', {
      headers,
      data: {
        filename: `${section.key}_${Date.now()}`,
        size: bytes.byteLength,
        contentType: 'application/pdf',
      },
    });
    expect(ticket.status(), await ticket.text()).toBe(200);
    const { uploadURL } = (await ticket.json()) as { uploadURL: string };
    const put = await request.put(uploadURL, {
      headers: {
        ...headers,
        'Content-Type': 'application/pdf',
        ...conditionalPutHeaders(uploadURL),
      },
      data: bytes,
    });
    expect(put.status(), await put.text()).toBe(200);
    documents.push({
      name: `${section.key}-scan.pdf`,
      size: bytes.byteLength,
      type: 'application/pdf',
      url: uploadURL,
      uploadedAt: new Date().toISOString(),
      sectionKey: section.key,
      sectionLabel: findAnySection(section.key)?.label ?? section.key,
    });
  }
  const email = `thandi.${sequence}@example.co.za`;
  const payload: SubmitRequest = {
    practitioner: {
      firstName: 'Thandi',
      lastName,
      email,
      phone: '082 123 4567',
      specialization: 'General Practice',
    },
    submission: {
      practiceType: 'established',
      practiceNumber: String(1_000_000 + (sequence % 9_000_000)),
      hpcsaNumber: 'MP0123456',
      ...schemes,
      contractPreferences: { keep: true, review: false, cancel: false, learnMore: true },
      additionalNotes: 'Please call after 14:00.',
    },
    documents,
    popiaConsent: true,
    consent: {
      timestamp: new Date().toISOString(),
      termsVersion: TERMS_VERSION,
      userAgent: 'Playwright',
    },
  };
  const response = await request.post('/api/submissions', { headers, data: payload });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const { trackingToken, reference } = (await response.json()) as SubmitResponse;
  if (!reference) throw new Error('POST /api/submissions answered without a reference');
  return { trackingToken, reference, firstName: 'Thandi', lastName, email };
}

/**
 * A scheme's registration form registered as the dashboard does (ticket with type and size ->
 * PUT -> record), through a staff API context; `headers` for a context without its own Origin.
 * Answers the form's id.
 */
export async function registerForm(
  staff: APIRequestContext,
  form: { schemeKey: string; schemeName: string; fileName: string; bytes: Uint8Array },
  headers: Record<string, string> = {},
): Promise<string> {
  const ticket = await (
    await staff.post('/api/upload/presigned-url', {
      headers,
      data: { fileType: 'application/pdf', fileSize: form.bytes.byteLength },
    })
  ).json();
  const put = await staff.put(ticket.uploadUrl, {
    headers: {
      ...headers,
      'Content-Type': 'application/pdf',
      ...conditionalPutHeaders(ticket.uploadUrl),
    },
    data: Buffer.from(form.bytes),
  });
  expect(put.status(), await put.text()).toBe(200);
  const created = await staff.post('/api/admin/medical-aid-documents', {
    headers,
    data: {
      schemeKey: form.schemeKey,
      schemeName: form.schemeName,
      fileName: form.fileName,
      fileSize: form.bytes.byteLength,
      fileType: 'application/pdf',
      storagePath: ticket.storagePath,
      description: null,
      year: null,
    },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  return ((await created.json()) as { id: string }).id;
}

/** Signs the page's browser context in (the shared session, e2e/staff-session.ts), for journeys that are not about login. */
export async function signIn(page: Page, _baseURL?: string) {
  const { origin, value } = await staffSession(page.request);
  await page.context().addCookies([{ name: SESSION_COOKIE, value, url: origin }]);
}

/** Light or dark before the app starts (the theme key of docs/product.md#entities, plus the class
 * itself). */
export async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript((value) => {
    localStorage.setItem('theme', value);
    const apply = () => document.documentElement.classList.toggle('dark', value === 'dark');
    if (document.documentElement) apply();
    document.addEventListener('DOMContentLoaded', apply);
  }, theme);
}
