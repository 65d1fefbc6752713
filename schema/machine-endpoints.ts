// The machine API (issue 40), declared once like the staff and public calls: a bearer API key,
// never a staff session, under its own prefix.
import type { z } from 'zod/mini';
import type {
  MachineApplication,
  MachineEnrolment,
  MachineEnrolmentList,
  machineEnrolmentChange,
  machineEnrolmentsQuery,
} from './api-keys-api.ts';
import { endpoint } from './endpoint.ts';

export const machineApplicationRead = endpoint<MachineApplication>()(
  'GET',
  '/api/machine/v1/applications/:applicationId',
);
export const machineEnrolmentsRead = endpoint<
  MachineEnrolmentList,
  never,
  z.input<typeof machineEnrolmentsQuery>
>()('GET', '/api/machine/v1/enrolments');
export const machineEnrolmentUpdate = endpoint<
  MachineEnrolment,
  z.input<typeof machineEnrolmentChange>
>()('PATCH', '/api/machine/v1/enrolments/:enrolmentId');
