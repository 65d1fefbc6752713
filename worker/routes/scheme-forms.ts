// Scheme forms filled from the practitioner profile and signed on the phone (decision 092): the
// practitioner's calls with the tracking token, and the staff list of the signed forms.
import { type Context, Hono } from 'hono';
import { practitionerProfile } from '../../schema/practitioner-profile.ts';
import {
  profileProof,
  schemeFormPreview,
  schemeForms,
  schemeFormsSign,
  signingStop,
} from '../../schema/scheme-form-endpoints.ts';
import {
  accountCheckRequest,
  PROOF_CODE_HEADER,
  resumeSigningRequest,
  SIGNATURE_MAX_CHARS,
  schemeFormsSignRequest,
  signingStopRequest,
} from '../../schema/scheme-forms-api.ts';
import {
  accountCheck,
  signedSchemeFormList,
  signingResume,
  signingStopList,
} from '../../schema/staff-endpoints.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { tooManyRequests, validate } from '../http.ts';
import { maxBodySize } from '../middleware/max-body-size.ts';
import { requireStaff, type StaffEnv } from '../middleware/require-staff.ts';
import { reply } from '../reply.ts';
import {
  sendProfileProof,
  submissionOfToken,
} from '../services/practitioner-profile/profile-proofs.ts';
import {
  openSigningStops,
  resumeSigning,
  stopSigning,
} from '../services/practitioner-profile/signing-stops.ts';
import { consume } from '../services/rate-limits/rate-limits.ts';
import {
  previewSchemeForm,
  schemeFormsView,
  signSchemeForms,
} from '../services/scheme-forms/scheme-form-signing.ts';
import {
  recordAccountCheck,
  staffSignedSchemeForms,
} from '../services/scheme-forms/signed-scheme-forms.ts';

/** Filling a PDF costs the server real work: a phone previews a dozen forms a few times. */
const FORM_FILLS_PER_HOUR = 120;
const HOUR_MS = 60 * 60 * 1000;

export function schemeFormRoutes(deps: Deps) {
  const limited = async (c: Context<AppEnv>) => {
    const limit = await consume(
      deps.db,
      { bucket: 'scheme_form_fill', limit: FORM_FILLS_PER_HOUR, windowMs: HOUR_MS },
      deps.clientAddress(c),
      deps.clock.now(),
    );
    if (limit.allowed) return null;
    return tooManyRequests(
      c,
      limit.retryAfterSeconds,
      `Too many forms filled from this device. Please try again in ${Math.ceil(limit.retryAfterSeconds / 60)} minutes.`,
    );
  };
  return new Hono<AppEnv>()
    .post(profileProof.path, maxBodySize(1024), async (c) => {
      const refused = await limited(c);
      if (refused) return refused;
      const submission = await submissionOfToken(deps, c.req.param('token'));
      const sent = await sendProfileProof(deps, submission);
      c.header('Cache-Control', 'no-store');
      return reply(c, profileProof, sent, 201);
    })
    .get(schemeForms.path, async (c) => {
      const view = await schemeFormsView(deps, c.req.param('token'));
      c.header('Cache-Control', 'no-store');
      return reply(c, schemeForms, view);
    })
    .post(
      schemeFormPreview.path,
      maxBodySize(8 * 1024),
      validate('json', practitionerProfile),
      async (c) => {
        const refused = await limited(c);
        if (refused) return refused;
        const { pdf, fileName } = await previewSchemeForm(
          deps,
          c.req.param('token'),
          c.req.param('formId'),
          c.req.valid('json'),
        );
        c.header('Cache-Control', 'no-store');
        c.header('Content-Type', 'application/pdf');
        c.header(
          'Content-Disposition',
          `inline; filename="preview-${fileName.replace(/[^\w.\- ]+/g, '_')}"`,
        );
        return c.body(pdf as Uint8Array<ArrayBuffer>);
      },
    )
    .post(
      schemeFormsSign.path,
      maxBodySize(SIGNATURE_MAX_CHARS + 4 * 1024),
      validate('json', schemeFormsSignRequest),
      async (c) => {
        const refused = await limited(c);
        if (refused) return refused;
        const view = await signSchemeForms(
          deps,
          c.req.param('token'),
          c.req.valid('json'),
          deps.clientAddress(c),
          c.req.header(PROOF_CODE_HEADER),
        );
        c.header('Cache-Control', 'no-store');
        return reply(c, schemeFormsSign, view, 201);
      },
    )
    .post(signingStop.path, maxBodySize(2048), validate('json', signingStopRequest), async (c) => {
      const refused = await limited(c);
      if (refused) return refused;
      const submission = await submissionOfToken(deps, c.req.param('token'));
      const { code, note } = c.req.valid('json');
      const done = await stopSigning(deps, submission, code, note);
      c.header('Cache-Control', 'no-store');
      return reply(c, signingStop, done);
    });
}

export function signedSchemeFormRoutes(deps: Deps) {
  return new Hono<StaffEnv>()
    .use(signedSchemeFormList.path, requireStaff(deps))
    .get(signedSchemeFormList.path, async (c) => {
      const forms = await staffSignedSchemeForms(deps, c.get('staff'), c.req.param('id'));
      c.header('Cache-Control', 'no-store');
      return reply(c, signedSchemeFormList, forms);
    })
    .use(accountCheck.path, requireStaff(deps))
    .post(accountCheck.path, validate('json', accountCheckRequest), async (c) => {
      const { profileVersion } = c.req.valid('json');
      const forms = await recordAccountCheck(
        deps,
        c.get('staff'),
        c.req.param('id'),
        profileVersion,
      );
      c.header('Cache-Control', 'no-store');
      return reply(c, accountCheck, forms);
    })
    .use(signingResume.path, requireStaff(deps))
    .post(signingResume.path, validate('json', resumeSigningRequest), async (c) => {
      const staff = c.get('staff');
      const id = c.req.param('id');
      await resumeSigning(deps, staff, id, c.req.valid('json').note);
      c.header('Cache-Control', 'no-store');
      return reply(c, signingResume, await staffSignedSchemeForms(deps, staff, id));
    })
    .use(signingStopList.path, requireStaff(deps))
    .get(signingStopList.path, async (c) => {
      c.header('Cache-Control', 'no-store');
      return reply(c, signingStopList, await openSigningStops(deps));
    });
}
