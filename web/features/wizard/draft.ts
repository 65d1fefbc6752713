// The wizard's state: one jotai atom holding every field, selection and the consent, kept on
// the device as it is typed (sealed in IndexedDB, see lib/device-store.ts) and restored on load.
// The files of each section live in the upload queue (lib/uploads/queue.ts). While a submission
// is being sent or waits in the outbox, the wizard is read-only (submitStateAtom): what is
// sent is what the practitioner sees.
import { atom, getDefaultStore } from 'jotai';
import type { PracticeType } from '../../../schema/sections.ts';
import type { ContractPreferences, PractitionerInput } from '../../../schema/submission-api.ts';
import { expireStaleDeviceData, getJson, putJson } from '../../lib/device-store.ts';
import { draftAfterRead } from '../../lib/draft-after-read.ts';
import type { ConsentRecord } from '../consent/popia-consent.tsx';
import {
  announceDraftSaved,
  claimDraftWriter,
  onDraftSavedElsewhere,
  otherTabWritesAtom,
} from './draft-writer.ts';
import { alreadySubmittedAtom, submitStateAtom } from './submit-state.ts';

export type Draft = {
  practiceType: PracticeType | null;
  practitioner: Required<PractitionerInput>;
  practiceNumber: string;
  hpcsaNumber: string;
  selectedParents: string[];
  selectedSchemes: string[];
  contractPreferences: ContractPreferences;
  interestedInContracts: boolean;
  additionalNotes: string;
  consent: ConsentRecord | null;
  /** Set at the first submit attempt and kept until it succeeds: every retry is the same submission. */
  idempotencyKey: string | null;
  /**
   * Made with the draft and never changed (decision 067): the server creates at most one
   * submission for it, so no retry, however late, and no edit after a lost answer becomes a
   * second application. Start over and a successful submit begin a new one.
   */
  applicationId: string | null;
  /** The date each section's validity rule needs (issue 38), by section key, as typed. */
  documentDates: Record<string, string>;
};

export const emptyDraft: Draft = {
  practiceType: null,
  practitioner: {
    firstName: '',
    lastName: '',
    idNumber: '',
    email: '',
    phone: '',
    specialization: '',
  },
  practiceNumber: '',
  hpcsaNumber: '',
  selectedParents: [],
  selectedSchemes: [],
  contractPreferences: { keep: false, review: false, cancel: false, learnMore: false },
  interestedInContracts: false,
  additionalNotes: '',
  consent: null,
  idempotencyKey: null,
  applicationId: null,
  documentDates: {},
};

/** An empty draft with its own application id. */
export function newDraft(): Draft {
  return { ...emptyDraft, applicationId: crypto.randomUUID() };
}

export const draftAtom = atom<Draft>(emptyDraft);
/** False until the device copy has been read (what is chosen meanwhile is kept over it). */
export const draftLoadedAtom = atom(false);
export const draftSavedAtom = atom<'idle' | 'saving' | 'saved' | 'failed'>('idle');

const DRAFT_RECORD = 'wizard-draft';
const SAVE_DELAY_MS = 150;

let saveTimer: ReturnType<typeof setTimeout> | undefined;
let started = false;
// Saves run one after another, each writing the draft as it is when its turn comes: two
// overlapping saves (encryption is asynchronous) could otherwise land out of order and leave
// an older draft on the device than the one the practitioner last saw saved.
let saving: Promise<void> = Promise.resolve();
let changes = 0;
// Bumped by resetDraft: a save queued before it must not write the old draft back.
let generation = 0;

/** Reads the draft from the device once, then saves every change shortly after it happens. */
export async function startDraftPersistence(): Promise<void> {
  if (started) return;
  started = true;
  const store = getDefaultStore();
  // Loaded lazily (the form chunk needs it anyway) to keep the API client out of the first
  // load; known before the draft shows, so a waiting submission is never editable.
  const outbox = import('../../lib/uploads/submission-outbox.ts').catch(() => null);
  const writer = claimDraftWriter();
  await expireStaleDeviceData().catch(() => false);
  const writesNow = await writer.now;
  const saved = await getJson<Partial<Draft>>(DRAFT_RECORD).catch(() => undefined);
  const queued = await outbox.then((o) => o?.queuedSubmission()).catch(() => undefined);
  // The form's submit hook may have found it first (and be sending it): leave its state be.
  if (queued && store.get(submitStateAtom) === 'idle') store.set(submitStateAtom, 'queued');
  store.set(otherTabWritesAtom, !writesNow);
  // A choice made while the device was read is kept over its copy (lib/draft-after-read.ts),
  // unless the copy is a submission waiting to be sent or another tab writes the draft: then
  // what this tab shows is theirs, read-only.
  const stored = restoredDraft(saved);
  const { draft, edited } =
    writesNow && store.get(submitStateAtom) === 'idle'
      ? draftAfterRead(emptyDraft, store.get(draftAtom), stored)
      : { draft: stored, edited: false };
  store.set(draftAtom, draft);
  store.set(draftLoadedAtom, true);
  if (!writesNow) followOtherTab(writer.granted);
  const scheduleSave = () => {
    changes += 1;
    clearTimeout(saveTimer);
    store.set(draftSavedAtom, 'saving');
    saveTimer = setTimeout(() => void saveDraftNow(), SAVE_DELAY_MS);
  };
  store.sub(draftAtom, () => {
    // Read-only while another tab writes: nothing is saved from here.
    if (!store.get(otherTabWritesAtom)) scheduleSave();
  });
  if (edited) scheduleSave();
  // A tab being hidden may be a tab being closed, and pagehide comes with a reload or a
  // navigation away: save without waiting for the timer.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden' && saveTimer !== undefined) void saveDraftNow();
  });
  window.addEventListener('pagehide', () => {
    if (saveTimer !== undefined) void saveDraftNow();
  });
}

/** While another tab writes: show each of its saves, then take over with the device's copy. */
function followOtherTab(granted: Promise<void>) {
  const store = getDefaultStore();
  const readAgain = async () => {
    const saved = await getJson<Partial<Draft>>(DRAFT_RECORD).catch(() => undefined);
    if (store.get(otherTabWritesAtom)) store.set(draftAtom, restoredDraft(saved));
  };
  onDraftSavedElsewhere(() => void readAgain());
  void granted.then(async () => {
    await readAgain();
    store.set(otherTabWritesAtom, false);
  });
}

/** The draft as kept on the device, completed with what older versions did not keep. */
export function restoredDraft(saved: Partial<Draft> | undefined): Draft {
  if (!saved) return newDraft();
  return {
    ...emptyDraft,
    ...saved,
    practitioner: { ...emptyDraft.practitioner, ...saved.practitioner },
    contractPreferences: { ...emptyDraft.contractPreferences, ...saved.contractPreferences },
    applicationId: saved.applicationId ?? crypto.randomUUID(),
  };
}

export function saveDraftNow(): Promise<void> {
  const store = getDefaultStore();
  clearTimeout(saveTimer);
  saveTimer = undefined;
  const queuedIn = generation;
  saving = saving.then(async () => {
    if (queuedIn !== generation || store.get(otherTabWritesAtom)) return;
    const version = changes;
    try {
      await putJson(DRAFT_RECORD, store.get(draftAtom));
      announceDraftSaved();
      // A change made while this one was written is not saved yet: its own save says so.
      if (version === changes) store.set(draftSavedAtom, 'saved');
    } catch {
      store.set(draftSavedAtom, 'failed');
    }
  });
  return saving;
}

/**
 * Back to an empty wizard. Resolves once no earlier save can still write: only then may the
 * caller wipe the device. The next change is saved again.
 */
export function resetDraft(): Promise<void> {
  const store = getDefaultStore();
  generation += 1;
  store.set(draftAtom, newDraft());
  store.set(alreadySubmittedAtom, null);
  // Setting it scheduled a save (and cancelled any pending one): the empty draft is not saved.
  clearTimeout(saveTimer);
  saveTimer = undefined;
  store.set(draftSavedAtom, 'idle');
  return saving;
}
