// The device records of the practice manager's wizard (features/practice-start): its draft, its
// queued practice and how that ended (kept until the manager has seen it). Named here so the
// wizard's wipe after its own Submit or Start over (device-wipe.ts) leaves them, and the 30-day
// expiry spares a queued practice.
export const PRACTICE_DRAFT_RECORD = 'practice-draft';
export const PRACTICE_OUTBOX_RECORD = 'practice-outbox';
export const PRACTICE_RESULT_RECORD = 'practice-result';
export const PRACTICE_RECORDS = [
  PRACTICE_DRAFT_RECORD,
  PRACTICE_OUTBOX_RECORD,
  PRACTICE_RESULT_RECORD,
] as const;
