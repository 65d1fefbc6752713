// What the dashboard's calls add to the typed client: the list's paging headers, the reads
// each staff route loads, and the registration form upload's three steps (docs/product.md#states).

import type { PublicCatalogue } from '../../../schema/catalogue-api.ts';
import { catalogue } from '../../../schema/public-endpoints.ts';
import type { StaffRegistrationForm } from '../../../schema/registration-form-api.ts';
import {
  registrationFormCreation,
  registrationFormUpload,
  staffRegistrationForms,
  stats,
  submissionList,
} from '../../../schema/staff-endpoints.ts';
import type { AdminStats, AdminSubmissionListItem } from '../../../schema/staff-review-api.ts';
import type { SubmissionStatus } from '../../../schema/submission-api.ts';
import { request, requestWithHeaders } from '../../lib/api-client.ts';
import { errorFrom } from '../../lib/api-error.ts';
import { conditionalPutHeaders } from '../../lib/uploads/upload-url.ts';
import { isRegistrationFormType, RECENT_LIMIT } from './presentation.ts';

/** A read that failed keeps its error, so one card's failure does not blank the page. */
export type Settled<T> = { ok: true; data: T } | { ok: false; error: unknown };

export function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (data) => ({ ok: true, data }),
    (error: unknown) => ({ ok: false, error }),
  );
}

export type SubmissionPage = {
  items: AdminSubmissionListItem[];
  total: number;
  nextCursor: string | null;
};

export type SubmissionQuery = {
  limit: number;
  cursor?: string | undefined;
  q?: string | undefined;
  status?: SubmissionStatus | undefined;
  review?: 'needed' | undefined;
  practiceId?: string | undefined;
};

/** X-Total-Count and X-Next-Cursor; an API without the count header still gets what it sent. */
export function pageFrom(items: AdminSubmissionListItem[], headers: Headers): SubmissionPage {
  const total = Number(headers.get('X-Total-Count'));
  return {
    items,
    total: Number.isFinite(total) && headers.has('X-Total-Count') ? total : items.length,
    nextCursor: headers.get('X-Next-Cursor') || null,
  };
}

export async function fetchSubmissions(
  query: SubmissionQuery,
  signal?: AbortSignal,
): Promise<SubmissionPage> {
  const { body, headers } = await requestWithHeaders(submissionList, {
    query: {
      limit: query.limit,
      cursor: query.cursor,
      q: query.q?.trim(),
      status: query.status,
      review: query.review,
      practiceId: query.practiceId,
    },
    signal,
  });
  return pageFrom(body, headers);
}

export type DashboardData = {
  stats: Settled<AdminStats>;
  recent: Settled<SubmissionPage>;
  forms: Settled<StaffRegistrationForm[]>;
  /** The live catalogue's active schemes: the cards registration forms are filed under. */
  catalogue: Settled<PublicCatalogue>;
};

/** The overview's four reads, side by side. */
export async function loadDashboard(signal?: AbortSignal): Promise<DashboardData> {
  const [statsRead, recent, forms, catalogueRead] = await Promise.all([
    settle(request(stats, { signal })),
    settle(fetchSubmissions({ limit: RECENT_LIMIT }, signal)),
    settle(request(staffRegistrationForms, { signal })),
    settle(request(catalogue, { signal })),
  ]);
  return { stats: statsRead, recent, forms, catalogue: catalogueRead };
}

export type RegistrationFormUpload = {
  scheme: { key: string; label: string };
  file: File;
  description: string | null;
  year: number | null;
};

/** docs/product.md#states: ask for an upload URL, PUT the file there, then register the document
 * record. */
export async function uploadRegistrationForm(upload: RegistrationFormUpload): Promise<void> {
  const fileType = upload.file.type;
  if (!isRegistrationFormType(fileType)) throw new Error('Only PDF files are allowed');
  const { uploadUrl, storagePath } = await request(registrationFormUpload, {
    body: { fileType, fileSize: upload.file.size },
  });
  // A signed storage URL, not an /api endpoint: plain fetch, with the file's type. No cookies
  // where it is another origin (R2): its CORS rule allows none, and the signature suffices.
  const stored = await fetch(uploadUrl, {
    method: 'PUT',
    credentials: 'same-origin',
    headers: { 'Content-Type': fileType, ...conditionalPutHeaders(uploadUrl) },
    body: upload.file,
  });
  if (!stored.ok) throw await errorFrom(stored);
  await request(registrationFormCreation, {
    body: {
      schemeKey: upload.scheme.key,
      schemeName: upload.scheme.label,
      fileName: upload.file.name,
      fileSize: upload.file.size,
      fileType,
      storagePath,
      description: upload.description,
      year: upload.year,
    },
  });
}
