// The desk's settings and the re-attestation it asks for (issue 38): staff read and change how
// often practitioners confirm their profile and see those who let it lapse; the practitioner
// confirms with the tracking token and a fresh code.
import { Hono } from 'hono';
import { deskSettingsRequest } from '../../schema/desk-settings-api.ts';
import { profileAttestationConfirm } from '../../schema/scheme-form-endpoints.ts';
import { PROOF_CODE_HEADER } from '../../schema/scheme-forms-api.ts';
import {
  deskSettingsRead,
  deskSettingsSave,
  lapsedAttestationList,
} from '../../schema/staff-endpoints.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { validate } from '../http.ts';
import { maxBodySize } from '../middleware/max-body-size.ts';
import { requireStaff, type StaffEnv } from '../middleware/require-staff.ts';
import { reply } from '../reply.ts';
import {
  attestProfile,
  lapsedAttestations,
  readDeskSettings,
  saveDeskSettings,
} from '../services/practitioner-profile/attestation.ts';

export function attestationRoutes(deps: Deps) {
  return new Hono<AppEnv>().post(profileAttestationConfirm.path, maxBodySize(1024), async (c) => {
    const confirmed = await attestProfile(
      deps,
      c.req.param('token'),
      c.req.header(PROOF_CODE_HEADER),
    );
    c.header('Cache-Control', 'no-store');
    return reply(c, profileAttestationConfirm, confirmed);
  });
}

export function deskSettingsRoutes(deps: Deps) {
  return new Hono<StaffEnv>()
    .use(deskSettingsRead.path, requireStaff(deps))
    .get(deskSettingsRead.path, async (c) => {
      c.header('Cache-Control', 'no-store');
      return reply(c, deskSettingsRead, await readDeskSettings(deps));
    })
    .patch(deskSettingsSave.path, validate('json', deskSettingsRequest), async (c) => {
      const saved = await saveDeskSettings(deps, c.get('staff'), c.req.valid('json'));
      return reply(c, deskSettingsSave, saved);
    })
    .use(lapsedAttestationList.path, requireStaff(deps))
    .get(lapsedAttestationList.path, async (c) => {
      c.header('Cache-Control', 'no-store');
      return reply(c, lapsedAttestationList, await lapsedAttestations(deps));
    });
}
