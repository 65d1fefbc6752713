// The document validity page's read (issue 38, decision 118): the rules with their history and
// the reminder days, beside the desk's re-attestation interval, and the changes it sends.
import type { DeskSettings } from '../../../schema/desk-settings-api.ts';
import type {
  StaffValidityView,
  ValidityRuleUpdate,
} from '../../../schema/document-validity-api.ts';
import {
  deskSettingsRead,
  deskSettingsSave,
  validityRuleChange,
  validityRulesRead,
  validitySettingsChange,
} from '../../../schema/staff-endpoints.ts';
import { request } from '../../lib/api-client.ts';

export type ValidityPageData = { validity: StaffValidityView; desk: DeskSettings };

export async function loadValidityPage(signal?: AbortSignal): Promise<ValidityPageData> {
  const [validity, desk] = await Promise.all([
    request(validityRulesRead, { signal }),
    request(deskSettingsRead, { signal }),
  ]);
  return { validity, desk };
}

export function changeRule(sectionKey: string, body: ValidityRuleUpdate) {
  return request(validityRuleChange, { params: { sectionKey }, body });
}

export function changeReminderDays(reminderLeadDays: number[]) {
  return request(validitySettingsChange, { body: { reminderLeadDays } });
}

export function changeAttestationDays(attestationDays: number) {
  return request(deskSettingsSave, { body: { attestationDays } });
}
