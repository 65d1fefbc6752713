// Document sections per practice type (docs/product.md#entities, #validation). Plain data: bundled
// into the web app.
export type FileKind = 'pdf' | 'jpg' | 'png' | 'doc' | 'docx';
export type PracticeType = 'established' | 'new';

export type DocumentSection = {
  key: string;
  label: string;
  required: boolean;
  types: readonly FileKind[];
  minFiles: number;
  description: string;
};

const standardTypes = ['pdf', 'jpg', 'png'] as const;

export const establishedSections: readonly DocumentSection[] = [
  {
    key: 'bhf_form',
    label: 'BHF Practice Details Form',
    required: true,
    types: ['pdf', 'jpg', 'png', 'doc', 'docx'],
    minFiles: 1,
    description: 'Your BHF (PCNS) practice number confirmation or practice details form.',
  },
  {
    key: 'certified_id',
    label: 'Certified ID Copy',
    required: true,
    types: standardTypes,
    minFiles: 1,
    description:
      'A copy of your South African ID or passport, certified by a commissioner of oaths.',
  },
  {
    key: 'bank_proof',
    label: 'Proof of Banking Details',
    required: true,
    types: standardTypes,
    minFiles: 1,
    description: 'A bank-stamped letter or statement confirming the practice bank account.',
  },
  {
    key: 'discovery_pack',
    label: 'Discovery Health Application Pack',
    required: false,
    types: standardTypes,
    minFiles: 1,
    description: 'The completed Discovery Health provider application pack, if you have one.',
  },
  {
    key: 'medscheme_pack',
    label: 'Medscheme Application Pack',
    required: false,
    types: standardTypes,
    minFiles: 1,
    description: 'The completed Medscheme provider application pack, if you have one.',
  },
  {
    key: 'momentum_pack',
    label: 'Momentum Health Application Pack',
    required: false,
    types: standardTypes,
    minFiles: 1,
    description: 'The completed Momentum Health provider application pack, if you have one.',
  },
  {
    key: 'bonitas_pack',
    label: 'Bonitas Application Pack',
    required: false,
    types: standardTypes,
    minFiles: 1,
    description: 'The completed Bonitas provider application pack, if you have one.',
  },
  {
    key: 'bestmed_pack',
    label: 'Bestmed Application Pack',
    required: false,
    types: standardTypes,
    minFiles: 1,
    description: 'The completed Bestmed provider application pack, if you have one.',
  },
];

export const newPracticeSections: readonly DocumentSection[] = [
  {
    key: 'certified_id',
    label: 'Certified ID Copy',
    required: true,
    types: standardTypes,
    minFiles: 1,
    description:
      'A copy of your South African ID or passport, certified by a commissioner of oaths.',
  },
  {
    key: 'proof_of_address',
    label: 'Proof of Address',
    required: true,
    types: standardTypes,
    minFiles: 1,
    description: 'A utility bill or lease for the practice address, no more than 3 months old.',
  },
  {
    key: 'hpcsa_certificate',
    label: 'HPCSA Registration Certificate',
    required: true,
    types: standardTypes,
    minFiles: 1,
    description: 'Your current HPCSA registration certificate or annual fee receipt.',
  },
  {
    key: 'practice_number',
    label: 'Practice Number',
    required: true,
    types: standardTypes,
    minFiles: 1,
    description: 'Your PCNS practice number letter from the BHF, or your application for one.',
  },
  {
    key: 'indemnity_cover',
    label: 'Professional Indemnity Cover',
    required: true,
    types: standardTypes,
    minFiles: 1,
    description: 'Proof of current professional indemnity (malpractice) insurance.',
  },
  {
    key: 'bank_proof',
    label: 'Proof of Banking Details',
    required: true,
    types: standardTypes,
    minFiles: 1,
    description: 'A bank-stamped letter or statement confirming the practice bank account.',
  },
  {
    key: 'tax_vat_doc',
    label: 'Tax / VAT Registration',
    required: false,
    types: standardTypes,
    minFiles: 1,
    description: 'Your SARS tax or VAT registration document, if the practice is registered.',
  },
];

export function sectionsFor(practiceType: PracticeType): readonly DocumentSection[] {
  return practiceType === 'established' ? establishedSections : newPracticeSections;
}

export function findSection(practiceType: PracticeType, key: string): DocumentSection | undefined {
  return sectionsFor(practiceType).find((s) => s.key === key);
}

/** Any section of either practice type, for upload tickets issued before the type is known. */
export function findAnySection(key: string): DocumentSection | undefined {
  return (
    establishedSections.find((s) => s.key === key) ?? newPracticeSections.find((s) => s.key === key)
  );
}

export const MIME_BY_KIND: Record<FileKind, readonly string[]> = {
  pdf: ['application/pdf'],
  jpg: ['image/jpeg'],
  png: ['image/png'],
  doc: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
};

export function mimeTypesFor(section: Pick<DocumentSection, 'types'>): string[] {
  return [...new Set(section.types.flatMap((kind) => MIME_BY_KIND[kind]))];
}

/** docs/product.md#validation: 50 files for pack sections, otherwise 10. */
export function maxFilesFor(sectionKey: string): number {
  return sectionKey.includes('_pack') ? 50 : 10;
}

/** docs/product.md#screens-and-routes: the hard-copy note shows for sections whose key contains
 * pack or equals bank_proof. */
export function needsHardCopyNote(sectionKey: string): boolean {
  return sectionKey.includes('pack') || sectionKey === 'bank_proof';
}

export const MAX_FILE_BYTES = 104_857_600;

/**
 * The sections that belong to a practice rather than to one practitioner (decision 120): a
 * practice manager uploads them once, and every practitioner's submission gets its own copy.
 * The rest (ID, HPCSA certificate, indemnity cover, scheme packs) are each practitioner's.
 */
export const PRACTICE_SECTION_KEYS: readonly string[] = [
  'bhf_form',
  'bank_proof',
  'proof_of_address',
  'practice_number',
  'tax_vat_doc',
];

export function isPracticeSection(key: string): boolean {
  return PRACTICE_SECTION_KEYS.includes(key);
}
