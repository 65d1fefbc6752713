// The practice manager's draft (issue 39, decision 121): the practice's part and the
// practitioners to invite, one jotai atom kept sealed on the device (lib/device-store.ts) as it
// is typed and read back on load, like the wizard's draft. The shared documents' files live in
// the upload queue, marked as the practice's (QueuedFile.practice), apart from the wizard's.
import { atom, getDefaultStore } from 'jotai';
import type { PracticeType } from '../../../schema/sections.ts';
import type { ContractPreferences } from '../../../schema/submission-api.ts';
import { getJson, putJson, remove } from '../../lib/device-store.ts';
import { draftAfterRead } from '../../lib/draft-after-read.ts';
import { PRACTICE_DRAFT_RECORD } from '../../lib/practice-records.ts';

export type Invitee = { name: string; email: string };

export type PracticeDraft = {
  practiceType: PracticeType | null;
  name: string;
  practiceNumber: string;
  address: string;
  contactPhone: string;
  contactEmail: string;
  managerName: string;
  managerEmail: string;
  contractPreferences: ContractPreferences;
  interestedInContracts: boolean;
  selectedParents: string[];
  selectedSchemes: string[];
  /** The date each section's validity rule needs (issue 38), by section key, as typed. */
  documentDates: Record<string, string>;
  invitees: Invitee[];
};

export const emptyPracticeDraft: PracticeDraft = {
  practiceType: null,
  name: '',
  practiceNumber: '',
  address: '',
  contactPhone: '',
  contactEmail: '',
  managerName: '',
  managerEmail: '',
  contractPreferences: { keep: false, review: false, cancel: false, learnMore: false },
  interestedInContracts: false,
  selectedParents: [],
  selectedSchemes: [],
  documentDates: {},
  invitees: [{ name: '', email: '' }],
};

export const practiceDraftAtom = atom<PracticeDraft>(emptyPracticeDraft);
export const practiceDraftLoadedAtom = atom(false);
export const practiceDraftSavedAtom = atom<'idle' | 'saving' | 'saved' | 'failed'>('idle');

const RECORD = PRACTICE_DRAFT_RECORD;
const SAVE_DELAY_MS = 150;

let started = false;
let saveTimer: ReturnType<typeof setTimeout> | undefined;
// Saves run one after another, so an older draft never lands after a newer one.
let saving: Promise<void> = Promise.resolve();
// Counts changes: a save reports 'saved' only when no change came while it was written.
let changes = 0;
// Bumped by clearPracticeDraft: a save queued before it must not write the old draft back.
let generation = 0;

/** The draft as kept, completed with what an older version did not keep. */
export function restoredPracticeDraft(saved: Partial<PracticeDraft> | undefined): PracticeDraft {
  if (!saved) return emptyPracticeDraft;
  return {
    ...emptyPracticeDraft,
    ...saved,
    contractPreferences: {
      ...emptyPracticeDraft.contractPreferences,
      ...saved.contractPreferences,
    },
    invitees: saved.invitees?.length ? saved.invitees : emptyPracticeDraft.invitees,
  };
}

function savePracticeDraftNow(): Promise<void> {
  clearTimeout(saveTimer);
  saveTimer = undefined;
  const queuedIn = generation;
  saving = saving.then(async () => {
    if (queuedIn !== generation) return;
    const store = getDefaultStore();
    const version = changes;
    try {
      await putJson(RECORD, store.get(practiceDraftAtom));
      if (version === changes) store.set(practiceDraftSavedAtom, 'saved');
    } catch {
      store.set(practiceDraftSavedAtom, 'failed');
    }
  });
  return saving;
}

/** Reads the draft from the device once, then saves every change shortly after it happens. */
export async function startPracticeDraft(): Promise<void> {
  if (started) return;
  started = true;
  const store = getDefaultStore();
  const saved = await getJson<Partial<PracticeDraft>>(RECORD).catch(() => undefined);
  // What was chosen or typed while the device copy was read is kept over it (lib/draft-after-read.ts).
  const { draft, edited } = draftAfterRead(
    emptyPracticeDraft,
    store.get(practiceDraftAtom),
    restoredPracticeDraft(saved),
  );
  store.set(practiceDraftAtom, draft);
  store.set(practiceDraftLoadedAtom, true);
  if (saved && !edited) store.set(practiceDraftSavedAtom, 'saved');
  store.sub(practiceDraftAtom, () => {
    changes += 1;
    store.set(practiceDraftSavedAtom, 'saving');
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => void savePracticeDraftNow(), SAVE_DELAY_MS);
  });
  if (edited) {
    store.set(practiceDraftSavedAtom, 'saving');
    saveTimer = setTimeout(() => void savePracticeDraftNow(), SAVE_DELAY_MS);
  }
  // A reload or a closed tab (or the power cut of load-shedding) must not lose the last edit.
  window.addEventListener('pagehide', () => {
    if (saveTimer !== undefined) void savePracticeDraftNow();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden' && saveTimer !== undefined)
      void savePracticeDraftNow();
  });
}

/** After the practice is created: the draft leaves the device. */
export async function clearPracticeDraft(): Promise<void> {
  generation += 1;
  clearTimeout(saveTimer);
  saveTimer = undefined;
  await saving;
  getDefaultStore().set(practiceDraftAtom, emptyPracticeDraft);
  clearTimeout(saveTimer);
  saveTimer = undefined;
  getDefaultStore().set(practiceDraftSavedAtom, 'idle');
  await remove(RECORD);
}
