// The staff's reads, the shared documents' links and the deletion of practices that onboarded together (decision 127),
// through the typed client: the routes' loaders settle them so one failure keeps the page.
import type {
  PracticeDeletionRequest,
  StaffPracticeDetail,
  StaffPracticeList,
  SubmissionPractice,
} from '../../../schema/practice-admin-api.ts';
import {
  practiceDeletion,
  practiceDocumentDownload,
  staffPractice,
  staffPractices,
  submissionPractice,
} from '../../../schema/staff-endpoints.ts';
import { request } from '../../lib/api-client.ts';
import { type Settled, settle } from '../dashboard/staff-api.ts';

export function loadPractices(signal?: AbortSignal): Promise<Settled<StaffPracticeList>> {
  return settle(request(staffPractices, { signal }));
}

export function loadPractice(
  id: string,
  signal?: AbortSignal,
): Promise<Settled<StaffPracticeDetail>> {
  return settle(request(staffPractice, { params: { id }, signal }));
}

export function loadSubmissionPractice(
  id: string,
  signal?: AbortSignal,
): Promise<Settled<SubmissionPractice>> {
  return settle(request(submissionPractice, { params: { id }, signal }));
}

export function deletePractice(id: string, body: PracticeDeletionRequest) {
  return request(practiceDeletion, { params: { id }, body });
}

/** A fresh signed link to one of a practice's shared documents (it expires in minutes). */
export async function practiceDocumentLink(id: string): Promise<string> {
  return (await request(practiceDocumentDownload, { params: { id } })).downloadUrl;
}

/** A practice as staff name it in a list: its name and, when it has one, its number. */
export function practiceLabel(practice: { name: string; practiceNumber: string | null }): string {
  return practice.practiceNumber ? `${practice.name} (${practice.practiceNumber})` : practice.name;
}
