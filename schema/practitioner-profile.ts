// The practitioner profile that each chosen scheme's registration forms are filled from: asked
// once after Submit (on the tracking page), sealed on the device until sent, stored with the
// application. The contact details, ID, practice and HPCSA numbers are the application's own
// and are not asked again. Written with zod/mini: the same contract checks the phone and the API.
import { z } from 'zod/mini';
import { hpcsaNumberProblem, normaliseHpcsaNumber } from './practitioner-numbers.ts';
import {
  accountNumberProblem,
  branchCodeProblem,
  dateOfBirthProblem,
  digitsOnly,
  postalCodeProblem,
  vatNumberProblem,
} from './profile-rules.ts';
import { bankByKey, OTHER_BANK } from './sa-banks.ts';

const text = (max: number, required: string) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, required), z.maxLength(max, `Use at most ${max} characters`));
const optionalText = (max: number) =>
  z.optional(z.string().check(z.trim(), z.maxLength(max, `Use at most ${max} characters`)));

/** A check whose message depends on the value: `problem` gives it, or undefined when fine. */
const problemCheck = (problem: (value: string) => string | undefined) =>
  z.check<string>((ctx) => {
    const message = problem(ctx.value);
    if (message) ctx.issues.push({ code: 'custom', message, input: ctx.value });
  });

/** Digits typed with spaces or hyphens, kept as digits only (leading zeros stay). */
const digitsField = (problem: (value: string) => string | undefined) =>
  z.pipe(z.string().check(z.trim(), problemCheck(problem)), z.transform(digitsOnly));

export const SA_PROVINCES = [
  'Eastern Cape',
  'Free State',
  'Gauteng',
  'KwaZulu-Natal',
  'Limpopo',
  'Mpumalanga',
  'North West',
  'Northern Cape',
  'Western Cape',
] as const;

export const address = z.object({
  line1: text(120, 'Enter the street address or PO Box'),
  line2: optionalText(120),
  suburb: optionalText(80),
  city: text(80, 'Enter the town or city'),
  postalCode: digitsField(postalCodeProblem),
  province: z.enum(SA_PROVINCES, 'Choose the province'),
});
export type Address = z.infer<typeof address>;

export const ACCOUNT_TYPES = ['cheque', 'savings', 'transmission'] as const;
export const ACCOUNT_TYPE_LABELS: Record<(typeof ACCOUNT_TYPES)[number], string> = {
  cheque: 'Cheque / current',
  savings: 'Savings',
  transmission: 'Transmission',
};

export const bankDetails = z
  .object({
    bank: z
      .string()
      .check(
        z.refine((key) => key === OTHER_BANK || bankByKey(key) !== undefined, 'Choose the bank'),
      ),
    /** Only for 'Another bank'; a listed bank's name comes from the list. */
    otherBankName: optionalText(80),
    branchCode: digitsField(branchCodeProblem),
    accountNumber: digitsField(accountNumberProblem),
    accountType: z.enum(ACCOUNT_TYPES, 'Choose the account type'),
    accountHolder: text(120, 'Enter the account holder, as the bank has it'),
  })
  .check(
    z.refine((bank) => bank.bank !== OTHER_BANK || (bank.otherBankName ?? '') !== '', {
      message: "Enter the bank's name",
      path: ['otherBankName'],
    }),
  );
export type BankDetails = z.infer<typeof bankDetails>;

/** `today` is passed so that the server and the phone judge the same date. */
export function practitionerProfileSchema(today: () => Date = () => new Date()) {
  return z.object({
    practiceName: text(160, 'Enter the practice name'),
    physicalAddress: address,
    /** Absent: the postal address is the physical one. */
    postalAddress: z.optional(address),
    dateOfBirth: z.string().check(
      z.trim(),
      problemCheck((v) => dateOfBirthProblem(v, today())),
    ),
    gender: z.enum(['female', 'male'], 'Choose female or male, as on your ID'),
    qualifications: text(300, 'Enter your qualifications, e.g. MBChB (UCT) 2008'),
    councilRegistration: z.pipe(
      z.string().check(z.trim(), problemCheck(hpcsaNumberProblem)),
      z.transform(normaliseHpcsaNumber),
    ),
    bank: bankDetails,
    /** Only where the practice is registered for VAT. */
    vatNumber: z.optional(
      z.pipe(
        z.string().check(
          z.trim(),
          problemCheck((v) => (v === '' ? undefined : vatNumberProblem(v))),
        ),
        z.transform(digitsOnly),
      ),
    ),
  });
}
export const practitionerProfile = practitionerProfileSchema();
export type PractitionerProfile = z.infer<typeof practitionerProfile>;
