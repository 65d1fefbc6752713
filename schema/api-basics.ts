// What every call's contract is built from (docs/product.md#api): the text field, the error body
// every refusal has, the plain success answer and the configuration the web app shows.
// Written with zod/mini, as every contract, so the browser only pays for what it uses.
import { z } from 'zod/mini';

export const text = (max: number, required = 'This field is required') =>
  z
    .string()
    .check(z.trim(), z.minLength(1, required), z.maxLength(max, `Use at most ${max} characters`));

export const isoDate = z.string();

/** A check whose message depends on the value: `problem` gives it, or undefined when fine. */
export const problemCheck = (problem: (value: string) => string | undefined) =>
  z.check<string>((ctx) => {
    const message = problem(ctx.value);
    if (message) ctx.issues.push({ code: 'custom', message, input: ctx.value });
  });

// ---- Errors ----
export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.string())),
    /** On 409 application_already_submitted: the tracking token of the accepted application. */
    trackingToken: z.optional(z.string()),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

// ---- Configuration shown by the web app ----
const publicConfig = z.object({
  supportEmail: z.string(),
  bureauName: z.string(),
  postalAddress: z.array(z.string()),
});
export type PublicConfig = z.infer<typeof publicConfig>;

export const okResponse = z.object({ success: z.literal(true), message: z.optional(z.string()) });
