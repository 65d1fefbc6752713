// The dashboard's calls to the staff API (SPEC §7 plus the review workflow), typed from
// schema/api.ts, and the cache keys they are kept under ("admin/..." as in the paths).
import type {
  AdminStats,
  AdminSubmissionListItem,
  SchemeStatus,
  StaffRegistrationForm,
  StaffSubmissionDetail,
  SubmissionStatus,
} from '../../../schema/api.ts';
import { api, getWithHeaders, putFile } from '../../lib/api.ts';

export const STATS_KEY = 'admin/stats';
export const SUBMISSIONS_PREFIX = 'admin/submissions';
export const FORMS_KEY = 'admin/medical-aid-documents';

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
};

/** The query string of GET /api/admin/submissions; empty values are left out. */
export function submissionsSearch(query: SubmissionQuery): string {
  const params = new URLSearchParams({ limit: String(query.limit) });
  if (query.cursor) params.set('cursor', query.cursor);
  const q = query.q?.trim();
  if (q) params.set('q', q);
  if (query.status) params.set('status', query.status);
  return params.toString();
}

export function submissionsKey(query: SubmissionQuery): string {
  return `${SUBMISSIONS_PREFIX}?${submissionsSearch(query)}`;
}

export async function fetchSubmissions(query: SubmissionQuery): Promise<SubmissionPage> {
  const { body, headers } = await getWithHeaders<AdminSubmissionListItem[]>(
    `/api/admin/submissions?${submissionsSearch(query)}`,
  );
  const total = Number(headers.get('X-Total-Count'));
  return {
    items: body,
    // An API without the header still gets a sensible count: what it sent.
    total: Number.isFinite(total) && headers.has('X-Total-Count') ? total : body.length,
    nextCursor: headers.get('X-Next-Cursor') || null,
  };
}

export const fetchStats = () => api.get<AdminStats>('/api/admin/stats');

export type StaffDocument = StaffSubmissionDetail['documents'][number];
export type StaffSubmission = StaffSubmissionDetail;

export const submissionKey = (id: string) => `${SUBMISSIONS_PREFIX}/${id}`;
export const fetchSubmission = (id: string) =>
  api.get<StaffSubmission>(`/api/admin/submissions/${encodeURIComponent(id)}`);

export const deleteSubmission = (id: string) =>
  api.delete<unknown>(`/api/admin/submissions/${encodeURIComponent(id)}`);

export const updateSubmissionStatus = (id: string, status: SubmissionStatus, note?: string) =>
  api.patch<unknown>(`/api/admin/submissions/${encodeURIComponent(id)}`, {
    status,
    ...(note ? { note } : {}),
  });

export const updateSchemeStatus = (
  id: string,
  statusId: string,
  change: { status: SchemeStatus; notes: string | null; requiresHardCopy: boolean },
) =>
  api.patch<unknown>(
    `/api/admin/submissions/${encodeURIComponent(id)}/schemes/${encodeURIComponent(statusId)}`,
    change,
  );

export const reviewDocument = (
  documentId: string,
  review: { status: 'approved' } | { status: 'rejected'; reason: string },
) => api.patch<unknown>(`/api/admin/documents/${encodeURIComponent(documentId)}`, review);

/** A fresh signed link: the one in the detail expires after a few minutes. */
export async function documentDownloadUrl(documentId: string): Promise<string> {
  const { downloadUrl } = await api.get<{ downloadUrl: string }>(
    `/api/admin/documents/${encodeURIComponent(documentId)}/download`,
  );
  return downloadUrl;
}

export const fetchRegistrationForms = () =>
  api.get<StaffRegistrationForm[]>('/api/admin/medical-aid-documents');

export const deleteRegistrationForm = (id: string) =>
  api.delete<unknown>(`/api/admin/medical-aid-documents/${encodeURIComponent(id)}`);

export type RegistrationFormUpload = {
  scheme: { key: string; label: string };
  file: File;
  description: string | null;
  year: number | null;
};

/** SPEC §4: ask for an upload URL, PUT the file there, then register the document record. */
export async function uploadRegistrationForm(upload: RegistrationFormUpload): Promise<void> {
  const { uploadUrl, storagePath } = await api.post<{ uploadUrl: string; storagePath: string }>(
    '/api/upload/presigned-url',
    { fileType: upload.file.type },
  );
  await putFile(uploadUrl, upload.file);
  await api.post('/api/admin/medical-aid-documents', {
    schemeKey: upload.scheme.key,
    schemeName: upload.scheme.label,
    fileName: upload.file.name,
    fileSize: upload.file.size,
    fileType: upload.file.type,
    storagePath,
    description: upload.description,
    year: upload.year,
  });
}
