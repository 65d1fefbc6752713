// Each chosen scheme's registration form filled from the practitioner profile and signed once
// on the phone (decision 092). The practitioner's tracking token reaches: which forms are
// offered, a preview filled from the profile the phone sends (never from the stored one: the
// profile stays write-only from the token's side), and the signing, which fills every form
// from the stored profile, stamps the one signature in, keeps the signed PDFs with the
// application and records each signing in the security log.
import { desc, eq } from 'drizzle-orm';
import { signedSchemeForms } from '../../../schema/db.ts';
import type { PractitionerProfile } from '../../../schema/practitioner-profile.ts';
import { profileValues } from '../../../schema/profile-values.ts';
import {
  proofCode as proofCodeFormat,
  type SchemeFormsSignRequest,
  type SchemeFormsView,
  type SignedSchemeForm,
} from '../../../schema/scheme-forms-api.ts';
import { keyedDigest } from '../../crypto/keyed-digest.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';
import { formsSignedMail } from '../../mail/profile-mail.ts';
import { fillRegistrationForm } from '../form-pdfs/registration-form-filling.ts';
import { deliverAll, outboxInsert } from '../notices/mail-outbox.ts';
import { profileAttestation } from '../practitioner-profile/attestation.ts';
import { practitionerProfileOf } from '../practitioner-profile/practitioner-profiles.ts';
import {
  requireConfirmed,
  type Submission,
  spendProfileProof,
  submissionOfToken,
} from '../practitioner-profile/profile-proofs.ts';
import {
  openSigningStop,
  requireSigningOpen,
  signingStopLink,
} from '../practitioner-profile/signing-stops.ts';
import { securityLogInsert } from '../security-log/security-log.ts';
import { type FormRow, formsOffered, toFill } from './offered-forms.ts';
import { signatureImage } from './signature-png.ts';
import { checkSigningRoom, SIGNED_FORM_MAX_BYTES } from './signing-room.ts';
import { deleteReplaced, replaceUnsent, unsentForms } from './unsent-forms.ts';

/** A signed form as the practitioner and staff see it: names and hashes, never contents. */
export function signedFormOf(row: typeof signedSchemeForms.$inferSelect): SignedSchemeForm {
  return {
    id: row.id,
    schemeName: row.schemeName,
    fileName: row.fileName,
    fileSize: row.fileSize,
    sha256: row.sha256,
    profileVersion: row.profileVersion,
    signedAt: row.signedAt.toISOString(),
  };
}

async function signedFormsOf(deps: Deps, submissionId: string): Promise<SignedSchemeForm[]> {
  const rows = await deps.db
    .select()
    .from(signedSchemeForms)
    .where(eq(signedSchemeForms.submissionId, submissionId))
    .orderBy(desc(signedSchemeForms.signedAt), signedSchemeForms.schemeName);
  return rows.map(signedFormOf);
}

async function viewOf(deps: Deps, submission: Submission): Promise<SchemeFormsView> {
  const [forms, signedForms, profile] = await Promise.all([
    formsOffered(deps, submission),
    signedFormsOf(deps, submission.id),
    practitionerProfileOf(deps, submission.id),
  ]);
  return {
    profileVersion: profile?.version ?? null,
    forms: forms.map(toFill),
    signedForms,
    stopped: (await openSigningStop(deps, submission.id)) !== null,
    attestation: await profileAttestation(deps, submission.id),
  };
}

export async function schemeFormsView(deps: Deps, token: string): Promise<SchemeFormsView> {
  return viewOf(deps, await submissionOfToken(deps, token));
}

async function formBytes(deps: Deps, row: FormRow): Promise<Uint8Array> {
  const stored = await deps.store.get(row.storagePath);
  if (!stored) {
    throw new ApiError(
      409,
      'form_missing',
      `The ${row.schemeName} form is no longer available. Please reload and try again.`,
    );
  }
  return new Uint8Array(await new Response(stored.body).arrayBuffer());
}

/** Forms are dated in South African time (UTC+2 all year). */
const signingDate = (now: Date) =>
  new Date(now.getTime() + 2 * 3600 * 1000).toISOString().slice(0, 10);

function valuesFor(submission: Submission, profile: PractitionerProfile, now: Date) {
  return profileValues(submission, profile, signingDate(now));
}

/** One offered form filled from the profile the phone sent, unsigned, for the preview. */
export async function previewSchemeForm(
  deps: Deps,
  token: string,
  formId: string,
  profile: PractitionerProfile,
): Promise<{ pdf: Uint8Array; fileName: string }> {
  const submission = await submissionOfToken(deps, token);
  const form = (await formsOffered(deps, submission)).find((row) => row.id === formId);
  if (!form) {
    throw new ApiError(404, 'not_found', 'This form is not one of your application’s forms.');
  }
  // No form carries an identity nobody has shown to be theirs, not even as a preview.
  requireConfirmed(submission);
  const values = valuesFor(submission, profile, deps.clock.now());
  const pdf = await fillRegistrationForm(await formBytes(deps, form), {
    mappings: form.fieldMappings ?? [],
    // The token alone must not read the ID number (the tracking view leaves it out for the
    // same reason: a tracking link may be forwarded): the preview shows its last four digits.
    values: { ...values, idNumber: values.idNumber.replace(/\d(?=\d{4})/g, '*') },
  });
  return { pdf, fileName: form.fileName };
}

const hex = (buffer: ArrayBuffer) =>
  [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** A keyed fingerprint of the client's address: the security log holds no addresses (084). */
const clientFingerprint = async (deps: Deps, address: string) =>
  (await keyedDigest(deps.signingKey, 'signing-client', address)).slice(0, 16);

const signedFileName = (row: FormRow) =>
  `signed-${row.fileName.replace(/\.pdf$/i, '')}.pdf`.replace(/[^\w.\- ]+/g, '_');

/**
 * Fills each chosen form from the stored profile, with the signature, and keeps them as
 * documents of the application. The bytes are stored first; the rows and the security-log
 * entries go in one batch, so a failure leaves no half-recorded signing (stray bytes are
 * removed).
 */
export async function signSchemeForms(
  deps: Deps,
  token: string,
  request: SchemeFormsSignRequest,
  clientAddress: string,
  proofCode: string | undefined,
): Promise<SchemeFormsView> {
  const submission = await submissionOfToken(deps, token);
  await requireSigningOpen(deps, submission.id);
  const profile = await practitionerProfileOf(deps, submission.id);
  if (!profile) {
    throw new ApiError(409, 'no_profile', 'Send your details first, then sign the forms.');
  }
  if (profile.version !== request.profileVersion) {
    throw new ApiError(
      409,
      'profile_changed',
      'Your details changed since the preview. Please check the forms again before signing.',
    );
  }
  const offered = await formsOffered(deps, submission);
  const chosen = [...new Set(request.formIds)].map((id) => offered.find((row) => row.id === id));
  if (chosen.some((row) => row === undefined)) {
    throw new ApiError(
      409,
      'forms_changed',
      'The forms of your schemes changed since the preview. Please check them again.',
    );
  }
  const signature = await signatureImage(request.signaturePng);
  const now = deps.clock.now();
  // A press without a code is refused before it counts against the day's signings: the page
  // asks for the code only when its first press is refused.
  if (!proofCodeFormat.safeParse(proofCode).success) {
    await spendProfileProof(deps, submission, proofCode);
  }
  await checkSigningRoom(deps, submission.id, chosen.length, now);
  await spendProfileProof(deps, submission, proofCode);
  const values = valuesFor(submission, profile, now);
  const client = await clientFingerprint(deps, clientAddress);
  const signed = [];
  for (const form of chosen as FormRow[]) {
    const pdf = (await fillRegistrationForm(await formBytes(deps, form), {
      mappings: form.fieldMappings ?? [],
      values,
      signature,
    })) as Uint8Array<ArrayBuffer>;
    const id = crypto.randomUUID();
    const objectKey = `signed-forms/${submission.id}/${id}.pdf`;
    const stored = await deps.store.put(objectKey, new Response(pdf).body!, {
      contentType: 'application/pdf',
      maxBytes: SIGNED_FORM_MAX_BYTES,
      length: pdf.byteLength,
    });
    const sha256 = hex(await crypto.subtle.digest('SHA-256', pdf));
    signed.push({ id, form, objectKey, size: stored.size, sha256 });
  }
  const schemeNames = signed.map(({ form }) => form.schemeName);
  const stop = await signingStopLink(deps, submission.id, 'forms_signed', now);
  const unsent = await unsentForms(deps, submission.id);
  const mail = outboxInsert(
    deps.db,
    formsSignedMail(deps.config, { ...submission, stopCode: stop.code }, schemeNames),
    now,
  );
  let replaced: string[] = [];
  try {
    const [removed] = await deps.db.batch([
      replaceUnsent(deps, unsent),
      deps.db.insert(signedSchemeForms).values(
        signed.map(({ id, form, objectKey, size, sha256 }) => ({
          id,
          submissionId: submission.id,
          registrationFormId: form.id,
          schemeKey: form.schemeKey,
          schemeName: form.schemeName,
          fileName: signedFileName(form),
          fileSize: size,
          objectKey,
          sha256,
          profileVersion: profile.version,
          bankFingerprint: profile.bankFingerprint,
          signedFrom: clientAddress,
          signedAt: now,
        })),
      ),
      ...signed.map(({ id, form, sha256 }) =>
        securityLogInsert(
          deps.db,
          {
            action: 'scheme_form_signed',
            actor: { type: 'anonymous' },
            entityType: 'signed_scheme_form',
            entityId: id,
            submissionId: submission.id,
            details: {
              registrationFormId: form.id,
              documentSha256: sha256,
              profileVersion: profile.version,
              clientFingerprint: client,
              replacedUnsent: unsent.length,
            },
          },
          now,
        ),
      ),
      mail.query,
      stop.query,
    ]);
    replaced = removed.map((row) => row.objectKey);
  } catch (error) {
    await Promise.allSettled(signed.map(({ objectKey }) => deps.store.delete(objectKey)));
    throw error;
  }
  await deleteReplaced(deps, replaced, now);
  await deliverAll(deps, [mail.id]);
  return viewOf(deps, submission);
}
