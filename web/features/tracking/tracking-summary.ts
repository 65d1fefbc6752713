// Pure figures of the tracking page: the overall progress card, the timeline order and
// icons, the hard-copy list.

import { type TimelineState, timelineState } from '../../../schema/rules.ts';
import type { TrackingResponse } from '../../../schema/tracking-api.ts';

export type SchemeProgress = {
  total: number;
  approved: number;
  pending: number;
  /** Neither approved nor pending: not started yet, or rejected and to be taken up again. */
  remaining: number;
  /** Whole percent of schemes approved. */
  percent: number;
};

export function schemeProgress(
  statuses: readonly Pick<TrackingResponse['medicalAidStatuses'][number], 'status'>[],
): SchemeProgress {
  const total = statuses.length;
  const approved = statuses.filter((s) => s.status === 'approved').length;
  const pending = statuses.filter((s) => s.status === 'pending').length;
  return {
    total,
    approved,
    pending,
    remaining: total - approved - pending,
    percent: total === 0 ? 0 : Math.round((approved / total) * 100),
  };
}

export type TimelineIcon = TimelineState | 'issue';

/** docs/product.md#states: the icon can also show an issue state — for rejections and failures. */
export function timelineIcon(eventType: string): TimelineIcon {
  if (/reject|issue|fail|error/i.test(eventType)) return 'issue';
  return timelineState(eventType);
}

/** Oldest first: a timeline reads from submission to today. */
export function chronological<T extends { createdAt: string }>(events: readonly T[]): T[] {
  return [...events].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

export function hardCopySchemes(
  statuses: readonly Pick<
    TrackingResponse['medicalAidStatuses'][number],
    'medicalAidName' | 'requiresHardCopy'
  >[],
): string[] {
  return statuses.filter((s) => s.requiresHardCopy).map((s) => s.medicalAidName);
}

/** Documents grouped by the section they were uploaded for, in upload order. */
export function documentsBySection<T extends { documentType: string; uploadedAt: string }>(
  documents: readonly T[],
): { section: string; documents: T[] }[] {
  const groups = new Map<string, T[]>();
  const sorted = [...documents].sort((a, b) => Date.parse(a.uploadedAt) - Date.parse(b.uploadedAt));
  for (const doc of sorted) {
    const list = groups.get(doc.documentType);
    if (list) list.push(doc);
    else groups.set(doc.documentType, [doc]);
  }
  return [...groups].map(([section, docs]) => ({ section, documents: docs }));
}
