// The device records of the practice manager's wizard (features/practice-start): its draft and
// its queued practice. Named here so the wizard's wipe after its own Submit or Start over
// (device-wipe.ts) leaves them, and the 30-day expiry spares a queued practice.
export const PRACTICE_DRAFT_RECORD = 'practice-draft';
export const PRACTICE_OUTBOX_RECORD = 'practice-outbox';
export const PRACTICE_RECORDS = [PRACTICE_DRAFT_RECORD, PRACTICE_OUTBOX_RECORD] as const;
