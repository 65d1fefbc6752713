// The scheme catalogue's seed: written to the database on first start
// (worker/services/catalogue/catalogue-seed.ts), after which staff keep it (docs/decisions/072-staff-managed-catalogue.md).
// Imported by the worker only; the wizard reads the live catalogue from GET /api/catalogue.
//
// Structure: the product's 15 administrators (docs/product.md#entities). Seven administer other
// schemes (their `administered` list), eight are stand-alone ("self-administered") schemes with
// no children; for those the administrator key doubles as the scheme key and `self` holds the
// scheme's facts. Decision 072 says how this seed departs from the product's original counts.
//
// Facts were checked on SEED_REVIEWED_ON against the bureau's own review of public sources. A
// fact with no source the bureau could name says "unverified" in its note; sources are never
// invented. Hard-copy flags carry a note of where the rule comes from (`hardCopyNote`).

/** When the facts in this seed were last reviewed (shown as the catalogue's "as of"). */
import type { Catalogue } from './catalogue.ts';

export const SEED_REVIEWED_ON = '2026-11-23';

export type SchemeFacts = {
  requiresHardCopy: boolean;
  /** Where the hard-copy rule comes from, or why it is unverified. */
  hardCopyNote: string;
  notes?: string;
  /** Scheme-specific sources; the administrator's sources are added to them when seeding. */
  sources?: string[];
  /** Merged or closed: hidden from the wizard, kept on existing submissions. */
  inactive?: { since: string; note: string; successor?: string };
  /** When it moved to its current administrator (`2026-06-01`, `2022-01` or `2021`). */
  administratorSince?: string;
  /** Nobody could confirm who administers it today. */
  administratorUnconfirmed?: boolean;
};

export type SeedScheme = SchemeFacts & { key: string; label: string };

export type SeedAdministrator = {
  key: string;
  label: string;
  /** Schemes run by this administrator; empty for self-administered (stand-alone) schemes. */
  administered: SeedScheme[];
  /** The scheme's facts when the administrator is itself the scheme (self-administered). */
  self?: SchemeFacts;
  /** Public URLs where the scheme list / registration information comes from. */
  sources: string[];
};

const UNVERIFIED_ELECTRONIC =
  'Unverified: no published rule found; treated as electronic-only (uploads) as before.';
const UNVERIFIED_MEDSCHEME =
  'Unverified: carried over from the earlier built-in judgement that Medscheme-run provider registration asks for certified copies; no published rule found.';
const UNVERIFIED_STATE =
  'Unverified: carried over from the earlier built-in judgement that state-sector schemes ask for certified originals; no published rule found.';
const UNCONFIRMED_2013 =
  'Administrator unconfirmed: this entry rests on a 2013 article about Metropolitan Health (now Momentum) acquiring Providence.';

const CMS = 'https://www.medicalschemes.co.za';

const electronic = { requiresHardCopy: false, hardCopyNote: UNVERIFIED_ELECTRONIC } as const;
const medscheme = { requiresHardCopy: true, hardCopyNote: UNVERIFIED_MEDSCHEME } as const;
const state = { requiresHardCopy: true, hardCopyNote: UNVERIFIED_STATE } as const;

export const catalogueSeed: readonly SeedAdministrator[] = [
  {
    key: 'discovery',
    label: 'Discovery Health',
    sources: [
      'https://www.discovery.co.za/medical-aid/how-medical-schemes-work',
      'https://www.angloms.co.za/portal/ams/about-angloms',
      'https://www.balancesa.co.za/portal/individual/how-bankmed-works',
      'https://www.lahealth.co.za',
      'https://www.tfgmedicalaidscheme.co.za',
      'https://www.avgms.co.za',
      CMS,
    ],
    administered: [
      {
        key: 'discovery_health_medical_scheme',
        label: 'Discovery Health Medical Scheme',
        notes: 'Open scheme; the largest in South Africa.',
        ...electronic,
      },
      {
        key: 'anglo_medical_scheme',
        label: 'Anglo Medical Scheme',
        notes: 'Restricted scheme: employees of participating Anglo American group employers.',
        ...electronic,
      },
      {
        key: 'anglovaal_group_medical_scheme',
        label: 'Anglovaal Group Medical Scheme',
        notes: 'Restricted scheme: Anglovaal group employees.',
        ...electronic,
      },
      {
        key: 'bankmed',
        label: 'Bankmed',
        notes: 'Restricted scheme: employees of the banking industry.',
        ...electronic,
      },
      {
        key: 'la_health_medical_scheme',
        label: 'LA Health Medical Scheme',
        notes: 'Restricted scheme: local government (municipal) employees.',
        ...electronic,
      },
      {
        key: 'malcor_medical_aid_scheme',
        label: 'Malcor Medical Aid Scheme',
        notes: 'Restricted scheme.',
        ...electronic,
      },
      {
        key: 'remedi_medical_aid_scheme',
        label: 'Remedi Medical Aid Scheme',
        notes: 'Restricted scheme.',
        ...electronic,
      },
      {
        key: 'retail_medical_scheme',
        label: 'Retail Medical Scheme',
        notes: 'Restricted scheme: retail sector employees.',
        ...electronic,
      },
      {
        key: 'tfg_medical_aid_scheme',
        label: 'TFG Medical Aid Scheme',
        notes: 'Restricted scheme: employees of The Foschini Group.',
        ...electronic,
      },
      {
        key: 'tsogo_sun_group_medical_scheme',
        label: 'Tsogo Sun Group Medical Scheme',
        notes: 'Restricted scheme: Tsogo Sun group employees.',
        ...electronic,
      },
      {
        key: 'ukzn_medical_scheme',
        label: 'University of KwaZulu-Natal Medical Scheme',
        notes: 'Restricted scheme: University of KwaZulu-Natal staff.',
        ...electronic,
      },
      {
        key: 'quantum_medical_aid_society',
        label: 'Quantum Medical Aid Society',
        notes: 'Restricted scheme (Bidvest, Sun International).',
        ...electronic,
        inactive: {
          since: '2021-04',
          note: 'Merged into Discovery Health Medical Scheme in April 2021.',
          successor: 'Discovery Health Medical Scheme',
        },
      },
      {
        key: 'libcare_medical_scheme',
        label: 'Libcare Medical Scheme',
        notes: 'Administered by Discovery Health (unverified: the bureau recorded no source).',
        ...electronic,
      },
    ],
  },
  {
    key: 'medscheme',
    label: 'Medscheme',
    sources: [
      'https://www.afrocentric-online.co.za/reports/afrocentric-ar2024/cluster-performance.php',
      'https://www.afrocentric-online.co.za/reports/afrocentric-ar2021/medical-aid-administration-risk-management-and-technology.php',
      'https://horizon.medscheme.com/contact',
      'https://aecimedicalaidsociety.co.za/library/frequently-asked-questions/',
      'https://nmas.co.za/the-scheme/your-responsibilities/',
      'https://www.goldenarrowmed.co.za/membership/managing-membership',
      'https://medipos.co.za/',
      CMS,
    ],
    administered: [
      { key: 'fedhealth', label: 'Fedhealth Medical Scheme', notes: 'Open scheme.', ...medscheme },
      { key: 'medshield', label: 'Medshield Medical Scheme', notes: 'Open scheme.', ...medscheme },
      {
        key: 'polmed',
        label: 'POLMED (South African Police Service Medical Scheme)',
        notes: 'Restricted scheme: South African Police Service employees.',
        ...state,
      },
      {
        key: 'parmed',
        label: 'Parmed Medical Aid Scheme',
        notes: 'Restricted scheme: Members of Parliament, provincial legislatures and judges.',
        ...state,
      },
      {
        key: 'aeci_medical_aid_society',
        label: 'AECI Medical Aid Society',
        notes: 'Restricted scheme: AECI group employees.',
        ...medscheme,
      },
      {
        key: 'horizon_medical_scheme',
        label: 'Horizon Medical Scheme',
        notes: 'Restricted scheme.',
        ...medscheme,
      },
      {
        key: 'medipos',
        label: 'MEDiPOS Medical Scheme',
        notes:
          'Restricted scheme: South African Post Office employees. Administrator inferred from its Medscheme service numbers and Aid for AIDS (a Medscheme company) programme, not from an explicit statement.',
        ...state,
      },
      {
        key: 'sasolmed',
        label: 'Sasolmed',
        notes: 'Restricted scheme: Sasol employees. Medscheme contract ended in 2021.',
        ...medscheme,
        administratorUnconfirmed: true,
      },
      {
        key: 'hosmed',
        label: 'Hosmed Medical Scheme',
        ...medscheme,
        inactive: {
          since: '2021',
          note: 'Merged with Sizwe Medical Fund in 2021 to form Sizwe Hosmed.',
          successor: 'Sizwe Hosmed Medical Scheme',
        },
      },
      {
        key: 'nedgroup_medical_aid_scheme',
        label: 'Nedgroup Medical Aid Scheme',
        notes: 'Restricted scheme (Nedbank, Old Mutual).',
        ...medscheme,
        inactive: {
          since: '2022-01',
          note: 'Merged into Bonitas Medical Fund in January 2022.',
          successor: 'Bonitas Medical Fund',
        },
      },
      {
        key: 'golden_arrow_medical_benefit_fund',
        label: "Golden Arrow Employees' Medical Benefit Fund",
        notes:
          'Restricted scheme: Golden Arrow Bus Services employees. No public page found that names Medscheme as its administrator in so many words.',
        ...medscheme,
        administratorUnconfirmed: true,
      },
      {
        key: 'gems',
        label: 'Government Employees Medical Scheme (GEMS)',
        notes:
          'Restricted scheme: public service employees. Earlier listed under Momentum (Metropolitan Health); the newest public source found (2022) names Medscheme as its administrator. Its 2026 administrator is unconfirmed.',
        sources: ['https://www.gems.gov.za/Information/Fact-Sheet'],
        ...state,
        administratorUnconfirmed: true,
      },
    ],
  },
  {
    key: 'momentum',
    label: 'Momentum Health',
    sources: ['https://momentummedicalscheme.co.za/membership/', CMS],
    administered: [
      {
        key: 'momentum_medical_scheme',
        label: 'Momentum Medical Scheme',
        notes: 'Open scheme (formerly Momentum Health).',
        ...electronic,
      },
    ],
  },
  {
    key: 'momentum_other',
    label: 'Momentum (other administered schemes)',
    sources: [
      'https://provider.momentum.co.za/ContentName.aspx?Name=Fact+Sheet&Scheme=41',
      'https://www.fanews.co.za/article/company-news-results/1/metropolitan/1151/metropolitan-health-grows-eastern-cape-reach-with-providence-acquisition/14888',
      'https://www.rumed.co.za/index.php/about-rumed/',
      CMS,
    ],
    administered: [
      {
        key: 'bonitas',
        label: 'Bonitas Medical Fund',
        notes:
          'Open scheme. Administered by Momentum Health Solutions since 1 June 2026; by Medscheme from 1982 until then (source of the move not recorded: unverified).',
        sources: [
          'https://www.afrocentric-online.co.za/reports/afrocentric-ar2024/cluster-performance.php',
        ],
        ...electronic,
        hardCopyNote:
          'Unverified: was true while Medscheme administered it (the earlier built-in judgement); no rule published by Momentum Health Solutions found.',
        administratorSince: '2026-06-01',
      },
      {
        key: 'impala_medical_plan',
        label: 'Impala Medical Plan',
        notes: `Restricted scheme: Impala Platinum employees (formerly administered by Providence). ${UNCONFIRMED_2013}`,
        ...electronic,
        administratorUnconfirmed: true,
      },
      {
        key: 'gold_fields_medical_scheme',
        label: 'Gold Fields Medical Scheme',
        notes: `Restricted scheme: Gold Fields employees (formerly administered by Providence). ${UNCONFIRMED_2013}`,
        ...electronic,
        administratorUnconfirmed: true,
      },
      {
        key: 'rumed',
        label: 'Rhodes University Medical Scheme (RUMed)',
        notes: `Restricted scheme: Rhodes University staff (formerly administered by Providence). ${UNCONFIRMED_2013}`,
        ...electronic,
        administratorUnconfirmed: true,
      },
      {
        key: 'medimed_medical_scheme',
        label: 'Medimed Medical Scheme',
        notes: `Open scheme (formerly administered by Providence). ${UNCONFIRMED_2013}`,
        ...electronic,
        administratorUnconfirmed: true,
      },
    ],
  },
  {
    key: 'pps',
    label: 'PPS Healthcare Administrators',
    sources: [
      'https://www.pps.co.za/2020/pps_ar2020/flippers/2020-INTEGRATED-REPORT/68/',
      'https://www.profmed.co.za',
      CMS,
    ],
    administered: [
      {
        key: 'profmed',
        label: 'Profmed',
        notes: 'Restricted scheme: graduate professionals.',
        ...electronic,
      },
      {
        key: 'keyhealth',
        label: 'KeyHealth',
        notes: 'Open scheme with a large local government membership.',
        ...electronic,
      },
      {
        key: 'regular_force_medical_continuation_fund',
        label: 'Regular Force Medical Continuation Fund (RFMCF)',
        notes: 'Pre-funded scheme for retired members of the South African National Defence Force.',
        ...state,
      },
      {
        key: 'de_beers_benefit_society',
        label: 'De Beers Benefit Society',
        notes: 'Restricted scheme: De Beers employees. PPS provides managed care.',
        ...electronic,
      },
      {
        key: 'sedmed',
        label: 'SEDMED',
        notes: 'Restricted scheme: Seventh-day Adventist Church. PPS provides managed care.',
        ...electronic,
      },
    ],
  },
  {
    key: 'universal',
    label: 'Universal Healthcare',
    sources: ['https://compcare.co.za/privacy/', 'https://compcare.co.za/faqs/', CMS],
    administered: [
      {
        key: 'compcare_wellness_medical_scheme',
        label: 'CompCare Wellness Medical Scheme',
        notes: 'Open scheme administered by Universal Healthcare Administrators.',
        ...electronic,
      },
      {
        key: 'old_mutual_staff_medical_aid_fund',
        label: 'Old Mutual Staff Medical Aid Fund',
        notes:
          'Restricted scheme: Old Mutual staff. Administered by Universal Healthcare (unverified: the bureau recorded no source).',
        ...electronic,
      },
    ],
  },
  {
    key: '3sixty',
    label: '3Sixty Health',
    sources: [
      'https://3sixtyhealth.co.za/sizwe-medical-fund/',
      'https://sizwehosmed.co.za/about/',
      'https://www.medicalbrief.co.za/?p=205210',
      CMS,
    ],
    administered: [
      {
        key: 'sizwe_hosmed',
        label: 'Sizwe Hosmed Medical Scheme',
        notes:
          'Open scheme formed in 2021 from Sizwe Medical Fund and Hosmed; placed under curatorship in 2025.',
        ...electronic,
      },
      {
        key: 'sizwe_medical_fund',
        label: 'Sizwe Medical Fund',
        notes: 'Administered by Sizwe Medical Services / Sechaba (now 3Sixty Health).',
        ...electronic,
        inactive: {
          since: '2021',
          note: 'Merged with Hosmed in 2021 to form Sizwe Hosmed.',
          successor: 'Sizwe Hosmed Medical Scheme',
        },
      },
    ],
  },
  // ---- Self-administered (stand-alone) schemes: no children; key doubles as scheme key. ----
  {
    key: 'medihelp',
    label: 'Medihelp',
    sources: ['https://www.medihelp.co.za', CMS],
    administered: [],
    self: {
      requiresHardCopy: true,
      hardCopyNote:
        "Medihelp's own provider pages (https://www.medihelp.co.za) ask providers for certified copies.",
    },
  },
  {
    key: 'bestmed',
    label: 'Bestmed',
    sources: [
      'https://www.bestmed.co.za',
      'https://www.medicalschemes.co.za/latest-publication/circular-60-of-2022-administrators-and-managed-care-organisations-accredited-by-the-cms/',
    ],
    administered: [],
    self: {
      requiresHardCopy: true,
      hardCopyNote:
        'Unverified: carried over from the earlier built-in judgement that its provider application pack is signed on paper with certified attachments.',
    },
  },
  {
    key: 'camaf',
    label: 'CAMAF',
    sources: ['https://www.camaf.co.za', CMS],
    administered: [],
    self: electronic,
  },
  {
    key: 'resolution',
    label: 'Resolution Health',
    sources: ['https://www.medicalschemes.co.za/collapse-of-health-squared/', CMS],
    administered: [],
    self: {
      ...electronic,
      inactive: {
        since: '2023-02',
        note: 'Merged with Spectramed into Health Squared, which was liquidated by February 2023.',
        successor: 'Health Squared Medical Scheme (liquidated)',
      },
    },
  },
  {
    key: 'genesis',
    label: 'Genesis Medical Scheme',
    sources: ['https://www.genesismedical.co.za', CMS],
    administered: [],
    self: electronic,
  },
  {
    key: 'umvuzo',
    label: 'Umvuzo Health',
    sources: ['https://www.umvuzohealth.co.za', CMS],
    administered: [],
    self: electronic,
  },
  {
    key: 'imperial_motus',
    label: 'Imperial & Motus Medical Aid',
    sources: ['https://www.imperialmotusmed.co.za/membership/managing-membership', CMS],
    administered: [],
    self: {
      ...electronic,
      notes:
        'Listed as self-administered, but appears to be administered by Momentum (unverified).',
      administratorUnconfirmed: true,
    },
  },
  {
    key: 'engen',
    label: 'Engen Medical Benefit Fund',
    sources: ['https://engenmed.co.za/portal/embf/faqs', CMS],
    administered: [],
    self: {
      ...electronic,
      notes:
        'Listed as self-administered, but appears to be administered by Discovery Health (unverified).',
      administratorUnconfirmed: true,
    },
  },
];

/** The seed's facts of a self-administered administrator's own scheme. */
export function selfFacts(administrator: SeedAdministrator): SchemeFacts {
  return administrator.self ?? UNVERIFIED_SELF;
}
const UNVERIFIED_SELF: SchemeFacts = {
  requiresHardCopy: false,
  hardCopyNote: UNVERIFIED_ELECTRONIC,
};

/** The seed as the wizard would see it: active schemes only (for tests and the decision record). */
export function seedAsCatalogue(): Catalogue {
  return catalogueSeed
    .filter((a) => a.administered.length > 0 || !selfFacts(a).inactive)
    .map((a) => ({
      key: a.key,
      label: a.label,
      requiresHardCopy: selfFacts(a).requiresHardCopy,
      administered: a.administered
        .filter((s) => !s.inactive)
        .map(({ key, label, requiresHardCopy }) => ({ key, label, requiresHardCopy })),
    }));
}
