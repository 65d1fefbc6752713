// Documents that expire (issue 38, decision 118): staff read and change the validity rules and
// the reminder settings, and correct the date a document carries. Mounted before adminRoutes,
// so it has its own staff guard, like the catalogue's.
import { Hono } from 'hono';
import {
  remindNowRequest,
  validityDateCorrection,
  validityRuleUpdate,
  validitySettingsUpdate,
} from '../../schema/document-validity-api.ts';
import {
  expiringDocumentsRead,
  remindNow,
  validityDateChange,
  validityRuleChange,
  validityRulesRead,
  validitySettingsChange,
} from '../../schema/staff-endpoints.ts';
import type { Deps } from '../deps.ts';
import { validate } from '../http.ts';
import { requireStaff, type StaffEnv } from '../middleware/require-staff.ts';
import { reply } from '../reply.ts';
import { correctValidityDate } from '../services/document-validity/document-dates.ts';
import {
  expiringDocuments,
  remindNow as remindDocumentsNow,
} from '../services/document-validity/expiring-view.ts';
import {
  changeValidityRule,
  changeValiditySettings,
  staffValidityView,
} from '../services/document-validity/validity-rules.ts';

export function documentValidityRoutes(deps: Deps) {
  const staffOnly = requireStaff(deps);
  const view = () => staffValidityView(deps.db, deps.clock.now());
  return new Hono<StaffEnv>()
    .use(validityRulesRead.path, staffOnly)
    .use(`${validityRulesRead.path}/*`, staffOnly)
    .use(validityDateChange.path, staffOnly)
    .get(validityRulesRead.path, async (c) => reply(c, validityRulesRead, await view()))
    .get(expiringDocumentsRead.path, async (c) => {
      c.header('Cache-Control', 'no-store');
      return reply(c, expiringDocumentsRead, await expiringDocuments(deps));
    })
    .post(remindNow.path, validate('json', remindNowRequest), async (c) => {
      const { documentIds } = c.req.valid('json');
      const reminded = await remindDocumentsNow(deps, c.get('staff'), documentIds);
      return reply(c, remindNow, { reminded });
    })
    .patch(validityRuleChange.path, validate('json', validityRuleUpdate), async (c) => {
      await changeValidityRule(
        deps,
        c.get('staff'),
        c.req.param('sectionKey'),
        c.req.valid('json'),
      );
      return reply(c, validityRuleChange, await view());
    })
    .patch(validitySettingsChange.path, validate('json', validitySettingsUpdate), async (c) => {
      await changeValiditySettings(deps, c.get('staff'), c.req.valid('json'));
      return reply(c, validitySettingsChange, await view());
    })
    .patch(validityDateChange.path, validate('json', validityDateCorrection), async (c) => {
      const { date } = c.req.valid('json');
      const dated = await correctValidityDate(deps, c.get('staff'), c.req.param('id'), date);
      return reply(c, validityDateChange, dated);
    });
}
