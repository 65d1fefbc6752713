// The contracts of making a scheme's registration form fillable (docs/product.md#scheme-forms):
// the form's own fields as the server reads them, and the mapping staff confirm from each form
// field (or box placed on a flat page) to the profile field it is filled with.
import { z } from 'zod/mini';
import { PROFILE_FIELDS, type ProfileFieldKey } from './profile-fields.ts';

const profileFieldKeys = new Set<string>(PROFILE_FIELDS.map((field) => field.key));
const profileField = z.pipe(
  z.string().check(z.refine((key) => profileFieldKeys.has(key), 'Choose a profile field')),
  z.transform((key) => key as ProfileFieldKey),
);

/** A box on a page, in PDF points from the page's lower-left corner; pages from 0. */
export const pageBox = z.object({
  page: z.number().check(z.int(), z.nonnegative(), z.maximum(499)),
  x: z.number().check(z.nonnegative(), z.maximum(5000)),
  y: z.number().check(z.nonnegative(), z.maximum(5000)),
  width: z.number().check(z.positive(), z.maximum(5000)),
  height: z.number().check(z.positive(), z.maximum(5000)),
});
export type PageBox = z.infer<typeof pageBox>;

export const formFieldKind = z.enum([
  'text',
  'checkbox',
  'radio',
  'dropdown',
  'signature',
  'other',
]);
export type FormFieldKind = z.infer<typeof formFieldKind>;

export const formField = z.object({
  name: z.string(),
  kind: formFieldKind,
  /** The choices of a radio group or dropdown, as the form names them. */
  options: z.array(z.string()),
  /** Where the field's first widget sits. */
  box: z.nullable(pageBox),
});
export type FormField = z.infer<typeof formField>;

/** A form field mapped to a profile field, or a box staff placed on a flat page. */
export const fieldMapping = z.union([
  z.object({ formField: z.string().check(z.minLength(1), z.maxLength(200)), profileField }),
  z.object({ placed: pageBox, profileField }),
]);
export type FieldMapping = z.infer<typeof fieldMapping>;

export const formMappingRequest = z.object({
  mappings: z
    .array(fieldMapping)
    .check(z.maxLength(300, 'A form can have at most 300 mapped fields')),
});

export type FormMappingView = {
  formId: string;
  pageCount: number;
  fields: FormField[];
  mappings: FieldMapping[];
  /** True while staff have not confirmed: the mappings are proposed (by name, or from the form this one replaced). */
  proposed: boolean;
  confirmedAt: string | null;
};
