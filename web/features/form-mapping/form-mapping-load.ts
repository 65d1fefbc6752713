// The mapping screen's read: the form's own fields and its mapping (proposed until confirmed).
import type { FormMappingView } from '../../../schema/form-mapping-api.ts';
import { registrationFormMappingRead } from '../../../schema/staff-endpoints.ts';
import { request } from '../../lib/api-client.ts';
import { type Settled, settle } from '../dashboard/staff-api.ts';

export function loadFormMapping(
  id: string,
  signal: AbortSignal,
): Promise<Settled<FormMappingView>> {
  return settle(request(registrationFormMappingRead, { params: { id }, signal }));
}
