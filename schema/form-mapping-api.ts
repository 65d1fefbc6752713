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

const answer = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));

/** Which of a radio group's (or dropdown's) options each of the profile's answers chooses. */
export const optionChoice = z.object({
  option: z.string().check(z.minLength(1), z.maxLength(200)),
  answer,
});
export type OptionChoice = z.infer<typeof optionChoice>;

/** What a placed box holds: the value as text, or a tick when the value is `answer`. */
export const placedKind = z.enum(['text', 'checkbox']);

/**
 * A form field mapped to a profile field, or a box staff placed on a flat page. A checkbox is
 * ticked when the profile's value is its `answer` ('Savings'; without one, when the value is
 * not empty or 'no'); a radio group picks the option whose `choices` entry has the value.
 */
export const fieldMapping = z.union([
  z.object({
    formField: z.string().check(z.minLength(1), z.maxLength(200)),
    profileField,
    answer: z.optional(answer),
    choices: z.optional(z.array(optionChoice).check(z.maxLength(50))),
  }),
  z.object({
    placed: pageBox,
    profileField,
    kind: z.optional(placedKind),
    answer: z.optional(answer),
  }),
]);
export type FieldMapping = z.infer<typeof fieldMapping>;

export const formMappingRequest = z.object({
  mappings: z
    .array(fieldMapping)
    .check(z.maxLength(300, 'A form can have at most 300 mapped fields')),
});

/** The form a new version's mapping was carried over from, and what it had that this one lacks. */
export type CarriedMapping = {
  formId: string;
  fileName: string;
  /** Form fields mapped on the earlier form that this form does not have. */
  vanished: string[];
};

export type FormMappingView = {
  formId: string;
  fileName: string;
  schemeName: string;
  pageCount: number;
  fields: FormField[];
  mappings: FieldMapping[];
  /** True while staff have not confirmed: the mappings are proposed (by name, or from the form this one replaced). */
  proposed: boolean;
  confirmedAt: string | null;
  /** Set while the mapping is proposed from another form of the same scheme. */
  carriedFrom: CarriedMapping | null;
};
