// The machine API's reads and its one write (issue 40): applications and enrolments as the
// bureau's billing system needs them (names, practice number, scheme, status, provider number;
// nothing more), and an enrolment's status and provider number set under the enrolment desk's
// own rules, history and notices, in the name of the key.
import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type {
  MachineApplication,
  MachineEnrolment,
  MachineEnrolmentChange,
  MachineEnrolmentsQuery,
} from '../../../schema/api-keys-api.ts';
import { medicalAidStatuses, submissions } from '../../../schema/db.ts';
import type { Database } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';
import { changeSchemeStatus } from '../review/review.ts';
import type { ApiKeyIdentity } from './api-keys.ts';

function selectEnrolments(db: Database, where: SQL | undefined) {
  return db
    .select({
      enrolmentId: medicalAidStatuses.id,
      applicationId: medicalAidStatuses.submissionId,
      reference: submissions.reference,
      firstName: submissions.firstName,
      lastName: submissions.lastName,
      practiceNumber: submissions.practiceNumber,
      schemeKey: medicalAidStatuses.schemeKey,
      schemeName: medicalAidStatuses.medicalAidName,
      status: medicalAidStatuses.status,
      providerNumber: medicalAidStatuses.providerNumber,
      effectiveDate: medicalAidStatuses.effectiveDate,
      updatedAt: medicalAidStatuses.lastUpdated,
    })
    .from(medicalAidStatuses)
    .innerJoin(submissions, eq(submissions.id, medicalAidStatuses.submissionId))
    .where(where);
}

type Selected = Awaited<ReturnType<typeof selectEnrolments>>[number];

function enrolmentView({ firstName, lastName, updatedAt, ...row }: Selected): MachineEnrolment {
  return {
    ...row,
    practitionerName: `${firstName} ${lastName}`,
    updatedAt: updatedAt.toISOString(),
  };
}

const notFound = (what: string) =>
  new ApiError(404, 'not_found', `There is no ${what} with this id.`);

export async function machineApplication(db: Database, id: string): Promise<MachineApplication> {
  const [submission] = await db.select().from(submissions).where(eq(submissions.id, id));
  if (!submission) throw notFound('application');
  const enrolments = await selectEnrolments(db, eq(medicalAidStatuses.submissionId, id)).orderBy(
    asc(medicalAidStatuses.medicalAidName),
  );
  return {
    applicationId: submission.id,
    reference: submission.reference,
    status: submission.status,
    practitionerName: `${submission.firstName} ${submission.lastName}`,
    practiceNumber: submission.practiceNumber,
    submittedAt: submission.createdAt.toISOString(),
    enrolments: enrolments.map(enrolmentView),
  };
}

/** Oldest change first, so a poller can page with changedSince = the last one's updatedAt. */
export async function machineEnrolments(
  db: Database,
  query: MachineEnrolmentsQuery,
): Promise<MachineEnrolment[]> {
  const where: SQL[] = [];
  if (query.status) where.push(eq(medicalAidStatuses.status, query.status));
  if (query.changedSince) {
    where.push(gt(medicalAidStatuses.lastUpdated, new Date(query.changedSince)));
  }
  const rows = await selectEnrolments(db, and(...where))
    .orderBy(asc(medicalAidStatuses.lastUpdated), asc(medicalAidStatuses.id))
    .limit(query.limit ?? 100);
  return rows.map(enrolmentView);
}

export async function changeEnrolmentByKey(
  deps: Deps,
  key: ApiKeyIdentity,
  enrolmentId: string,
  change: MachineEnrolmentChange,
): Promise<MachineEnrolment> {
  const [row] = await deps.db
    .select({ submissionId: medicalAidStatuses.submissionId })
    .from(medicalAidStatuses)
    .where(eq(medicalAidStatuses.id, enrolmentId));
  if (!row) throw notFound('enrolment');
  await changeSchemeStatus(deps, key.staff, row.submissionId, enrolmentId, change);
  const [changed] = await selectEnrolments(deps.db, eq(medicalAidStatuses.id, enrolmentId));
  return enrolmentView(changed!);
}
