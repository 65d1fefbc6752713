// A practitioner's own part while they fill it (decision 126): one atom, kept sealed on the
// device as it is typed (lib/device-store.ts, as the wizard's draft is) under its own record,
// with the invitation it belongs to: a draft of another invitation is not shown here.
import { atom, getDefaultStore } from 'jotai';
import type { PractitionerInput } from '../../../schema/submission-api.ts';
import { getJson, putJson } from '../../lib/device-store.ts';
import { draftAfterRead } from '../../lib/draft-after-read.ts';
import type { ConsentRecord } from '../consent/popia-consent.tsx';

export type JoinDraft = {
  /** The invitation link's secret this draft answers. */
  invitation: string;
  practitioner: Required<PractitionerInput>;
  hpcsaNumber: string;
  /** The practice's schemes this practitioner unticked. */
  unticked: string[];
  additionalNotes: string;
  /** The date each section's validity rule needs (issue 38), by section key, as typed. */
  documentDates: Record<string, string>;
  consent: ConsentRecord | null;
  /** Made at the first submit and kept until it succeeds: every retry is the same request. */
  idempotencyKey: string | null;
  /** Made with the draft and never changed (decision 067): at most one submission from it. */
  applicationId: string;
};

const RECORD = 'practice-join-draft';
const SAVE_DELAY_MS = 150;

export function newJoinDraft(invitation: string, email: string): JoinDraft {
  return {
    invitation,
    practitioner: {
      firstName: '',
      lastName: '',
      idNumber: '',
      email,
      phone: '',
      specialization: '',
    },
    hpcsaNumber: '',
    unticked: [],
    additionalNotes: '',
    documentDates: {},
    consent: null,
    idempotencyKey: null,
    applicationId: crypto.randomUUID(),
  };
}

/** null until startJoinDraft: then a new draft at once, the device copy once it is read. */
export const joinDraftAtom = atom<JoinDraft | null>(null);

let saveTimer: ReturnType<typeof setTimeout> | undefined;
let saving: Promise<void> = Promise.resolve();
let unsubscribe: (() => void) | undefined;
// Counts starts: a read that a later start overtook leaves the draft to that start.
let starts = 0;

/** Reads this invitation's draft from the device, then saves every change shortly after. */
export async function startJoinDraft(invitation: string, email: string): Promise<void> {
  const store = getDefaultStore();
  unsubscribe?.();
  unsubscribe = undefined;
  const turn = ++starts;
  // The form answers at once; what is typed while the device copy is read is kept over it.
  const fresh = newJoinDraft(invitation, email);
  store.set(joinDraftAtom, fresh);
  const saved = await getJson<JoinDraft>(RECORD).catch(() => undefined);
  if (turn !== starts) return;
  // The address is the invitation's: the server takes no other.
  const stored =
    saved?.invitation === invitation
      ? {
          ...fresh,
          ...saved,
          practitioner: { ...fresh.practitioner, ...saved.practitioner, email },
        }
      : fresh;
  const { draft, edited } = draftAfterRead(fresh, store.get(joinDraftAtom) ?? fresh, stored);
  store.set(joinDraftAtom, draft);
  const scheduleSave = () => {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => void saveJoinDraftNow(), SAVE_DELAY_MS);
  };
  unsubscribe = store.sub(joinDraftAtom, scheduleSave);
  if (edited) scheduleSave();
}

export function saveJoinDraftNow(): Promise<void> {
  clearTimeout(saveTimer);
  const draft = getDefaultStore().get(joinDraftAtom);
  saving = saving.then(() => (draft ? putJson(RECORD, draft) : undefined)).catch(() => {});
  return saving;
}

/** Changes the draft (a no-op before startJoinDraft). */
export function updateJoinDraft(change: (draft: JoinDraft) => JoinDraft): void {
  getDefaultStore().set(joinDraftAtom, (d) => (d ? change(d) : d));
}

/** After the part was sent: nothing is saved any more (the device is wiped next). */
export function stopJoinDraft(): Promise<void> {
  unsubscribe?.();
  unsubscribe = undefined;
  clearTimeout(saveTimer);
  return saving;
}
