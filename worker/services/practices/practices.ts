// A practice's application (decision 120): the manager gives the practice's part once — its
// details, its shared documents (the practice's sections only, schema/sections.ts) and its
// schemes — and gets the practice's link, shown once and mailed to the manager. The link's
// secret is stored hashed: a copy of the database opens no practice.
import { eq, inArray } from 'drizzle-orm';
import { uploadTickets } from '../../../schema/db.ts';
import { practiceDocuments, practices } from '../../../schema/db-practices.ts';
import type { PracticeCreated, PracticeRequest } from '../../../schema/practice-api.ts';
import { type DocumentSection, isPracticeSection, sectionsFor } from '../../../schema/sections.ts';
import type { SubmitRequest } from '../../../schema/submission-api.ts';
import { openSecret, sealSecret } from '../../crypto/sealed-secrets.ts';
import { hashSecret, randomSecret } from '../../crypto/secret-tokens.ts';
import type { Deps } from '../../deps.ts';
import { ApiError, RateLimitedError } from '../../http.ts';
import { practiceCreatedMail } from '../../mail/practice-mail.ts';
import { liveCatalogue } from '../catalogue/catalogue.ts';
import { outboxInsert } from '../notices/mail-outbox.ts';
import { consume } from '../rate-limits/rate-limits.ts';
import { findStoredAnswer, recordAnswer, requestFingerprint } from '../submissions/idempotency.ts';
import { verifyDocuments } from '../submissions/submission-documents.ts';
import { checkSchemes, unique } from '../submissions/submission-rules.ts';

export const PRACTICE_CREATED_MESSAGE =
  "The practice's part is saved. Invite each practitioner from the practice page.";

export type Practice = typeof practices.$inferSelect;

/** The practice a manager's link opens, or a 404 that says nothing of other practices. */
export async function practiceByToken(deps: Deps, token: string): Promise<Practice> {
  const [practice] = await deps.db
    .select()
    .from(practices)
    .where(eq(practices.managerTokenHash, await hashSecret(token)))
    .limit(1);
  if (!practice) {
    throw new ApiError(404, 'not_found', 'Practice not found. Please check your practice link.');
  }
  return practice;
}

/** The practice's sections of its type, each document's one, and the required ones present. */
function checkPracticeSections(input: PracticeRequest): DocumentSection[] {
  const sections = sectionsFor(input.practiceType).filter((s) => isPracticeSection(s.key));
  const fields: Record<string, string> = {};
  const sectionOf = input.documents.map((doc, index) => {
    const section = sections.find((s) => s.key === doc.sectionKey);
    if (!section) {
      fields[`documents.${index}`] =
        "This document is each practitioner's own or not part of this practice type; they add it from their invitation";
    }
    return section;
  });
  for (const section of sections) {
    if (section.required && !sectionOf.includes(section)) {
      fields[`sections.${section.key}`] = `Upload at least 1 file for ${section.label}`;
    }
  }
  if (Object.keys(fields).length > 0) {
    throw new ApiError(
      400,
      'missing_documents',
      "Please complete the practice's required document uploads",
      fields,
    );
  }
  return sectionOf as DocumentSection[];
}

/** What a retry with the same Idempotency-Key is answered from: the link's secret, sealed. */
type StoredCreation = { sealedToken: string };
const CREATION_SCOPE = 'practice-create';

/**
 * The answer already given to this Idempotency-Key and request, or null: a phone that never got
 * the answer asks again and gets the same practice's link, never a second practice.
 */
async function earlierCreation(
  deps: Deps,
  key: string,
  fingerprint: string,
): Promise<{ body: PracticeCreated; mailIds: string[] } | null> {
  const stored = await findStoredAnswer<StoredCreation>(deps.db, CREATION_SCOPE, key, fingerprint);
  if (!stored) return null;
  const token = await openSecret(
    deps.signingKey,
    stored.body.sealedToken,
    `${CREATION_SCOPE}:${key}`,
  );
  if (!token) return null;
  return { body: { message: PRACTICE_CREATED_MESSAGE, practiceToken: token }, mailIds: [] };
}

export async function createPractice(
  deps: Deps,
  input: PracticeRequest,
  clientAddress: string,
  idempotencyKey?: string,
): Promise<{ body: PracticeCreated; mailIds: string[] }> {
  const now = deps.clock.now();
  const fingerprint = idempotencyKey ? await requestFingerprint(input) : '';
  if (idempotencyKey) {
    const earlier = await earlierCreation(deps, idempotencyKey, fingerprint);
    if (earlier) return earlier;
  }
  const schemeInput = {
    practiceType: 'new',
    selectedParents: input.selectedParents,
    selectedSchemes: input.selectedSchemes,
    interestedInContracts: false,
  } as SubmitRequest['submission'];
  const schemes = checkSchemes(await liveCatalogue(deps.db, now), schemeInput);
  const sectionOf = checkPracticeSections(input);
  const verified = await verifyDocuments(deps, input, sectionOf, now);
  const limit = await consume(
    deps.db,
    {
      bucket: 'practice-create-client',
      limit: deps.config.practiceRateLimit,
      windowMs: 3_600_000,
    },
    clientAddress,
    now,
  );
  if (!limit.allowed) {
    throw new RateLimitedError(
      'too_many_practices',
      'Too many practices were started from this connection in the last hour. Please try again later.',
      limit.retryAfterSeconds,
    );
  }

  const id = crypto.randomUUID();
  const token = randomSecret();
  const practice = {
    name: input.name,
    managerName: input.managerName,
    managerEmail: input.managerEmail.toLowerCase(),
  };
  const mail = outboxInsert(deps.db, practiceCreatedMail(deps.config, practice, token), now);
  // The secret is kept only sealed (with SIGNING_SECRET), for the retry of this very request.
  const answer = idempotencyKey
    ? [
        recordAnswer(deps.db, {
          scope: CREATION_SCOPE,
          key: idempotencyKey,
          fingerprint,
          answer: {
            status: 201,
            body: {
              sealedToken: await sealSecret(
                deps.signingKey,
                token,
                `${CREATION_SCOPE}:${idempotencyKey}`,
              ),
            } satisfies StoredCreation,
          },
          now,
        }),
      ]
    : [];
  const written = deps.db.batch([
    deps.db.insert(practices).values({
      id,
      managerTokenHash: await hashSecret(token),
      ...practice,
      practiceType: input.practiceType,
      practiceNumber: input.practiceType === 'established' ? input.practiceNumber : null,
      address: input.address,
      contactPhone: input.contactPhone,
      contactEmail: input.contactEmail.toLowerCase(),
      selectedParents: unique(input.selectedParents),
      selectedSchemes: schemes.map((s) => s.key),
      contractPreferences: input.practiceType === 'established' ? input.contractPreferences : null,
      interestedInContracts: input.practiceType === 'new' ? input.interestedInContracts : null,
      createdAt: now,
      updatedAt: now,
    }),
    ...(verified.length > 0
      ? [
          deps.db.insert(practiceDocuments).values(
            verified.map((doc) => ({
              id: crypto.randomUUID(),
              practiceId: id,
              sectionKey: doc.section.key,
              sectionLabel: doc.section.label,
              fileName: doc.fileName,
              fileSize: doc.fileSize,
              fileType: doc.fileType,
              objectKey: doc.objectKey,
              uploadedAt: doc.uploadedAt,
            })),
          ),
          deps.db
            .update(uploadTickets)
            .set({ usedAt: now })
            .where(
              inArray(
                uploadTickets.objectKey,
                verified.map((doc) => doc.objectKey),
              ),
            ),
        ]
      : []),
    mail.query,
    ...answer,
  ]);
  try {
    await written;
  } catch (error) {
    // Two copies of one request at once: the key lets one commit; the other gets its answer.
    const earlier = idempotencyKey && (await earlierCreation(deps, idempotencyKey, fingerprint));
    if (earlier) return earlier;
    throw error;
  }
  return {
    body: { message: PRACTICE_CREATED_MESSAGE, practiceToken: token },
    mailIds: [mail.id],
  };
}
