// Contracts of the calls added so practitioners never lose track of an application: replacing
// a rejected document with the tracking token, and asking for the tracking links of every
// application made with an e-mail address. (Mail itself has no contract: it is sent, not called.)
import { z } from 'zod/mini';
import { documentInput } from './submission-api.ts';

/**
 * POST /api/submissions/:token/documents/:documentId/replacement. The file is uploaded first,
 * like any document (POST /api/objects/upload with the rejected document's section key, then
 * PUT); url is that upload URL. The section is the rejected document's.
 */
export const documentReplacementRequest = z.object({
  url: documentInput.shape.url,
  name: documentInput.shape.name,
  size: documentInput.shape.size,
  type: documentInput.shape.type,
  validityDate: documentInput.shape.validityDate,
});
export type DocumentReplacementRequest = z.infer<typeof documentReplacementRequest>;

export const DOCUMENT_REPLACED_MESSAGE =
  'Thank you. Your new document has been received and is waiting for review.';

/** POST /api/tracking-links: always the same answer, whether or not the address is known. */
export const trackingLinksRequest = z.object({
  email: z
    .string()
    .check(z.trim(), z.maxLength(254, 'Email is too long'), z.email('Enter a valid email address')),
});
export type TrackingLinksRequest = z.infer<typeof trackingLinksRequest>;

export const TRACKING_LINKS_MESSAGE =
  'If we have applications for this e-mail address, we have sent their tracking links to it.';
export const TRACKING_LINKS_LIMITED_MESSAGE =
  'Too many requests for tracking links. Please try again in 15 minutes.';

/**
 * POST /api/submissions/:token/address-confirmation: the code only the receipt mail carries
 * (in its link's #confirm=), proving the applicant reads the address (decision 100).
 */
export const addressConfirmationRequest = z.object({
  code: z.string().check(z.minLength(1, 'The confirmation code is missing'), z.maxLength(128)),
});
export type AddressConfirmationRequest = z.infer<typeof addressConfirmationRequest>;

export const ADDRESS_CONFIRMED_MESSAGE =
  'Thank you: your e-mail address is confirmed. Your applications made with it are kept together.';
export const ADDRESS_CONFIRMATION_EXPIRED_MESSAGE =
  'This confirmation link has expired: it works for 30 days after you apply. Your application goes on as before; write to us if you want your applications kept together.';
export const ADDRESS_CONFIRMATION_INVALID_MESSAGE =
  'This confirmation link is not valid. Use the link in the latest e-mail we sent you about this application.';

/**
 * POST /api/submissions/:token/requests/:requestId/answer: the practitioner's note answering a
 * request (a document asked for goes as the replacement of that document).
 */
export const requestAnswerRequest = z.object({
  note: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Write your answer'),
      z.maxLength(2000, 'Use at most 2000 characters'),
    ),
});
export type RequestAnswerRequest = z.infer<typeof requestAnswerRequest>;
