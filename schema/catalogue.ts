// Built-in scheme catalogue (docs/product.md#entities "Scheme catalogue (built in)").
// Plain data with no imports: this file is bundled into the practitioner's phone web app.
//
// Structure: 15 administrators. Seven administer other schemes (their `administered` list),
// eight are listed as stand-alone ("self-administered") schemes with no children; for those
// the administrator key doubles as the scheme key.
//
// Scheme lists reflect schemes each administrator administers or has administered, drawn
// from the public sources listed per administrator (scheme and administrator websites,
// integrated reports, the Council for Medical Schemes and news reports). Administration
// contracts change over time; `notes` flags the ones known to have moved, merged or closed.
//
// requiresHardCopy is a judgement call, not a published rule: it marks schemes that commonly
// ask for certified paper copies (ID, qualifications, bank letters) in addition to uploads.
//   - All Medscheme-administered schemes: Medscheme-run provider registration has
//     traditionally asked for certified copies, mailed with the signed application.
//   - Government and state-linked schemes (GEMS, POLMED, Parmed, MEDiPOS, the SANDF's
//     Regular Force Medical Continuation Fund): state-sector schemes still tend to require
//     certified originals.
//   - Bestmed: its provider application pack is signed on paper with certified attachments.
// Everything else is treated as electronic-only. Staff can override this per application.

export type Scheme = { key: string; label: string; notes?: string; requiresHardCopy: boolean };

export type Administrator = {
  key: string;
  label: string;
  /** Schemes run by this administrator; empty for self-administered (stand-alone) schemes. */
  administered: Scheme[];
  /** Used when the administrator is itself the scheme (self-administered). */
  requiresHardCopy: boolean;
  /** Public URLs where the scheme list / registration information comes from. */
  sources: string[];
};

const CMS = 'https://www.medicalschemes.co.za';

export const catalogue: readonly Administrator[] = [
  {
    key: 'discovery',
    label: 'Discovery Health',
    requiresHardCopy: false,
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
        requiresHardCopy: false,
      },
      {
        key: 'anglo_medical_scheme',
        label: 'Anglo Medical Scheme',
        notes: 'Restricted scheme: employees of participating Anglo American group employers.',
        requiresHardCopy: false,
      },
      {
        key: 'anglovaal_group_medical_scheme',
        label: 'Anglovaal Group Medical Scheme',
        notes: 'Restricted scheme: Anglovaal group employees.',
        requiresHardCopy: false,
      },
      {
        key: 'bankmed',
        label: 'Bankmed',
        notes: 'Restricted scheme: employees of the banking industry.',
        requiresHardCopy: false,
      },
      {
        key: 'la_health_medical_scheme',
        label: 'LA Health Medical Scheme',
        notes: 'Restricted scheme: local government (municipal) employees.',
        requiresHardCopy: false,
      },
      {
        key: 'malcor_medical_aid_scheme',
        label: 'Malcor Medical Aid Scheme',
        notes: 'Restricted scheme.',
        requiresHardCopy: false,
      },
      {
        key: 'remedi_medical_aid_scheme',
        label: 'Remedi Medical Aid Scheme',
        notes: 'Restricted scheme.',
        requiresHardCopy: false,
      },
      {
        key: 'retail_medical_scheme',
        label: 'Retail Medical Scheme',
        notes: 'Restricted scheme: retail sector employees.',
        requiresHardCopy: false,
      },
      {
        key: 'tfg_medical_aid_scheme',
        label: 'TFG Medical Aid Scheme',
        notes: 'Restricted scheme: employees of The Foschini Group.',
        requiresHardCopy: false,
      },
      {
        key: 'tsogo_sun_group_medical_scheme',
        label: 'Tsogo Sun Group Medical Scheme',
        notes: 'Restricted scheme: Tsogo Sun group employees.',
        requiresHardCopy: false,
      },
      {
        key: 'ukzn_medical_scheme',
        label: 'University of KwaZulu-Natal Medical Scheme',
        notes: 'Restricted scheme: University of KwaZulu-Natal staff.',
        requiresHardCopy: false,
      },
      {
        key: 'quantum_medical_aid_society',
        label: 'Quantum Medical Aid Society',
        notes:
          'Restricted scheme (Bidvest, Sun International); amalgamated into Discovery Health Medical Scheme in 2021.',
        requiresHardCopy: false,
      },
    ],
  },
  {
    key: 'medscheme',
    label: 'Medscheme',
    requiresHardCopy: true,
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
      {
        key: 'bonitas',
        label: 'Bonitas Medical Fund',
        notes:
          'Open scheme. Administered by Medscheme since 1982; Bonitas announced a move to Momentum in 2026.',
        requiresHardCopy: true,
      },
      {
        key: 'fedhealth',
        label: 'Fedhealth Medical Scheme',
        notes: 'Open scheme.',
        requiresHardCopy: true,
      },
      {
        key: 'medshield',
        label: 'Medshield Medical Scheme',
        notes: 'Open scheme.',
        requiresHardCopy: true,
      },
      {
        key: 'polmed',
        label: 'POLMED (South African Police Service Medical Scheme)',
        notes: 'Restricted scheme: South African Police Service employees.',
        requiresHardCopy: true,
      },
      {
        key: 'parmed',
        label: 'Parmed Medical Aid Scheme',
        notes: 'Restricted scheme: Members of Parliament, provincial legislatures and judges.',
        requiresHardCopy: true,
      },
      {
        key: 'aeci_medical_aid_society',
        label: 'AECI Medical Aid Society',
        notes: 'Restricted scheme: AECI group employees.',
        requiresHardCopy: true,
      },
      {
        key: 'horizon_medical_scheme',
        label: 'Horizon Medical Scheme',
        notes: 'Restricted scheme.',
        requiresHardCopy: true,
      },
      // MEDiPOS: inferred from its Medscheme service numbers and Aid for AIDS (a Medscheme
      // company) programme, not from an explicit statement.
      {
        key: 'medipos',
        label: 'MEDiPOS Medical Scheme',
        notes: 'Restricted scheme: South African Post Office employees.',
        requiresHardCopy: true,
      },
      {
        key: 'sasolmed',
        label: 'Sasolmed',
        notes: 'Restricted scheme: Sasol employees. Medscheme contract ended in 2021.',
        requiresHardCopy: true,
      },
      {
        key: 'hosmed',
        label: 'Hosmed Medical Scheme',
        notes: 'Amalgamated with Sizwe Medical Fund in 2021 to form Sizwe Hosmed.',
        requiresHardCopy: true,
      },
      {
        key: 'nedgroup_medical_aid_scheme',
        label: 'Nedgroup Medical Aid Scheme',
        notes: 'Restricted scheme (Nedbank, Old Mutual); amalgamated into Bonitas from 2022.',
        requiresHardCopy: true,
      },
      // Lowest-confidence entry in this list: no public page found that names Medscheme as
      // its administrator in so many words. Re-check against the CMS administrator list.
      {
        key: 'golden_arrow_medical_benefit_fund',
        label: "Golden Arrow Employees' Medical Benefit Fund",
        notes: 'Restricted scheme: Golden Arrow Bus Services employees.',
        requiresHardCopy: true,
      },
    ],
  },
  {
    key: 'momentum',
    label: 'Momentum Health',
    requiresHardCopy: false,
    sources: ['https://momentummedicalscheme.co.za/membership/', CMS],
    administered: [
      {
        key: 'momentum_medical_scheme',
        label: 'Momentum Medical Scheme',
        notes: 'Open scheme (formerly Momentum Health).',
        requiresHardCopy: false,
      },
    ],
  },
  {
    key: 'momentum_other',
    label: 'Momentum (other administered schemes)',
    requiresHardCopy: false,
    sources: [
      'https://provider.momentum.co.za/ContentName.aspx?Name=Fact+Sheet&Scheme=41',
      'https://www.gems.gov.za/Information/Fact-Sheet',
      'https://www.fanews.co.za/article/company-news-results/1/metropolitan/1151/metropolitan-health-grows-eastern-cape-reach-with-providence-acquisition/14888',
      'https://www.rumed.co.za/index.php/about-rumed/',
      CMS,
    ],
    administered: [
      {
        key: 'gems',
        label: 'Government Employees Medical Scheme (GEMS)',
        notes:
          'Restricted scheme: public service employees. Administered by Metropolitan Health, now Momentum Health Solutions.',
        requiresHardCopy: true,
      },
      {
        key: 'impala_medical_plan',
        label: 'Impala Medical Plan',
        notes:
          'Restricted scheme: Impala Platinum employees (formerly administered by Providence, acquired by Metropolitan Health in 2013).',
        requiresHardCopy: false,
      },
      {
        key: 'gold_fields_medical_scheme',
        label: 'Gold Fields Medical Scheme',
        notes: 'Restricted scheme: Gold Fields employees (formerly administered by Providence).',
        requiresHardCopy: false,
      },
      {
        key: 'rumed',
        label: 'Rhodes University Medical Scheme (RUMed)',
        notes: 'Restricted scheme: Rhodes University staff (formerly administered by Providence).',
        requiresHardCopy: false,
      },
      {
        key: 'medimed_medical_scheme',
        label: 'Medimed Medical Scheme',
        notes: 'Open scheme (formerly administered by Providence).',
        requiresHardCopy: false,
      },
    ],
  },
  {
    key: 'pps',
    label: 'PPS Healthcare Administrators',
    requiresHardCopy: false,
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
        requiresHardCopy: false,
      },
      {
        key: 'keyhealth',
        label: 'KeyHealth',
        notes: 'Open scheme with a large local government membership.',
        requiresHardCopy: false,
      },
      {
        key: 'regular_force_medical_continuation_fund',
        label: 'Regular Force Medical Continuation Fund (RFMCF)',
        notes: 'Pre-funded scheme for retired members of the South African National Defence Force.',
        requiresHardCopy: true,
      },
      {
        key: 'de_beers_benefit_society',
        label: 'De Beers Benefit Society',
        notes: 'Restricted scheme: De Beers employees. PPS provides managed care.',
        requiresHardCopy: false,
      },
      {
        key: 'sedmed',
        label: 'SEDMED',
        notes: 'Restricted scheme: Seventh-day Adventist Church. PPS provides managed care.',
        requiresHardCopy: false,
      },
    ],
  },
  {
    key: 'universal',
    label: 'Universal Healthcare',
    requiresHardCopy: false,
    sources: ['https://compcare.co.za/privacy/', 'https://compcare.co.za/faqs/', CMS],
    administered: [
      {
        key: 'compcare_wellness_medical_scheme',
        label: 'CompCare Wellness Medical Scheme',
        notes: 'Open scheme administered by Universal Healthcare Administrators.',
        requiresHardCopy: false,
      },
    ],
  },
  {
    key: '3sixty',
    label: '3Sixty Health',
    requiresHardCopy: false,
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
        requiresHardCopy: false,
      },
      {
        key: 'sizwe_medical_fund',
        label: 'Sizwe Medical Fund',
        notes:
          'Historic scheme, administered by Sizwe Medical Services / Sechaba (now 3Sixty Health); merged into Sizwe Hosmed in 2021.',
        requiresHardCopy: false,
      },
    ],
  },
  // ---- Self-administered (stand-alone) schemes: no children; key doubles as scheme key. ----
  {
    key: 'medihelp',
    label: 'Medihelp',
    requiresHardCopy: false,
    sources: ['https://www.medihelp.co.za', CMS],
    administered: [],
  },
  {
    key: 'bestmed',
    label: 'Bestmed',
    requiresHardCopy: true,
    sources: [
      'https://www.bestmed.co.za',
      'https://www.medicalschemes.co.za/latest-publication/circular-60-of-2022-administrators-and-managed-care-organisations-accredited-by-the-cms/',
    ],
    administered: [],
  },
  {
    key: 'camaf',
    label: 'CAMAF',
    requiresHardCopy: false,
    sources: ['https://www.camaf.co.za', CMS],
    administered: [],
  },
  {
    // Resolution Health amalgamated with Spectramed into Health Squared (2019), which went
    // into liquidation in 2022. Kept because the spec lists it.
    key: 'resolution',
    label: 'Resolution Health',
    requiresHardCopy: false,
    sources: ['https://www.medicalschemes.co.za/collapse-of-health-squared/', CMS],
    administered: [],
  },
  {
    key: 'genesis',
    label: 'Genesis Medical Scheme',
    requiresHardCopy: false,
    sources: ['https://www.genesismedical.co.za', CMS],
    administered: [],
  },
  {
    key: 'umvuzo',
    label: 'Umvuzo Health',
    requiresHardCopy: false,
    sources: ['https://www.umvuzohealth.co.za', CMS],
    administered: [],
  },
  {
    key: 'imperial_motus',
    label: 'Imperial & Motus Medical Aid',
    requiresHardCopy: false,
    sources: ['https://www.imperialmotusmed.co.za/membership/managing-membership', CMS],
    administered: [],
  },
  {
    key: 'engen',
    label: 'Engen Medical Benefit Fund',
    requiresHardCopy: false,
    sources: ['https://engenmed.co.za/portal/embf/faqs', CMS],
    administered: [],
  },
];

export function findAdministrator(key: string): Administrator | undefined {
  return catalogue.find((a) => a.key === key);
}

/**
 * Finds a scheme by key. A self-administered administrator's key is also its scheme key;
 * for those a Scheme is built from the administrator itself.
 */
export function findScheme(
  key: string,
): { scheme: Scheme; administrator: Administrator } | undefined {
  for (const administrator of catalogue) {
    if (administrator.administered.length === 0) {
      if (administrator.key === key) {
        const { label, requiresHardCopy } = administrator;
        return { scheme: { key, label, requiresHardCopy }, administrator };
      }
      continue;
    }
    const scheme = administrator.administered.find((s) => s.key === key);
    if (scheme) return { scheme, administrator };
  }
  return undefined;
}

/** Every administered scheme plus every self-administered administrator as its own scheme, in catalogue order. */
export function allSchemes(): {
  key: string;
  label: string;
  administratorKey: string;
  requiresHardCopy: boolean;
}[] {
  return catalogue.flatMap((a) =>
    a.administered.length === 0
      ? [
          {
            key: a.key,
            label: a.label,
            administratorKey: a.key,
            requiresHardCopy: a.requiresHardCopy,
          },
        ]
      : a.administered.map((s) => ({
          key: s.key,
          label: s.label,
          administratorKey: a.key,
          requiresHardCopy: s.requiresHardCopy,
        })),
  );
}

/**
 * The schemes a registration form can be filed under (docs/product.md#screens-and-routes documents
 * manager): every
 * administrator as a parent scheme, followed by the schemes it administers, in catalogue order.
 * A self-administered administrator appears once.
 */
export function registrationFormSchemes(): { key: string; label: string }[] {
  return catalogue.flatMap((a) => [
    { key: a.key, label: a.label },
    ...a.administered.map((s) => ({ key: s.key, label: s.label })),
  ]);
}

export function administratorOfScheme(schemeKey: string): Administrator | undefined {
  return findScheme(schemeKey)?.administrator;
}
