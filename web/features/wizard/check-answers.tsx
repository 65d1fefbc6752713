// Check your answers (decision 097): every answer grouped by page with a 'Change' link back to
// it, the schemes by administrator, the files by section; problems skipped on the way are
// shown where they are. Submit stays in the footer.
import { type ReactNode, useId } from 'react';
import type { Catalogue } from '../../../schema/catalogue.ts';
import type { DocumentSection } from '../../../schema/sections.ts';
import type { QueuedFile } from '../../lib/uploads/store.ts';
import { Card, CardTitle } from '../../ui/card.tsx';
import { useCatalogue } from '../schemes/catalogue.ts';
import { PREFERENCES } from './contract-preferences-step.tsx';
import type { Draft } from './draft.ts';
import { PAGE_NAMES, type WizardPageKey } from './wizard-pages.ts';
import type { Problem } from './wizard-problems.ts';

type Row = [label: string, answer: ReactNode];

/** The selection by administrator: a self-administered scheme is its own administrator. */
export function schemesByAdministrator(
  catalogue: Catalogue,
  draft: Pick<Draft, 'selectedParents' | 'selectedSchemes'>,
): { administrator: string; schemes: string[] }[] {
  return draft.selectedParents.map((key) => {
    const administrator = catalogue.find((a) => a.key === key);
    if (!administrator) return { administrator: key, schemes: [] };
    const schemes =
      administrator.administered.length === 0
        ? [administrator.label]
        : administrator.administered
            .filter((s) => draft.selectedSchemes.includes(s.key))
            .map((s) => s.label);
    return { administrator: administrator.label, schemes };
  });
}

const given = (value: string) => value.trim() || 'Not given';

export function CheckAnswers({
  draft,
  pages,
  sections,
  files,
  problems,
  onChange,
}: {
  draft: Draft;
  pages: readonly WizardPageKey[];
  sections: readonly DocumentSection[];
  files: readonly QueuedFile[];
  problems: readonly Problem[];
  onChange: (page: WizardPageKey) => void;
}) {
  const titleId = useId();
  const loaded = useCatalogue();
  const catalogue = loaded.state === 'ready' ? loaded.catalogue.administrators : [];
  const p = draft.practitioner;
  const schemes = schemesByAdministrator(catalogue, draft);
  const answers: Partial<Record<WizardPageKey, Row[]>> = {
    'practice-type': [
      [
        'Practice type',
        draft.practiceType === 'established' ? 'Established practice' : 'New practice',
      ],
    ],
    contact: [
      ['Name', given(`${p.firstName} ${p.lastName}`)],
      ['SA ID number', given(p.idNumber)],
      ['Email', given(p.email)],
      ['Phone', given(p.phone)],
      ['Specialization', given(p.specialization)],
    ],
    'practice-details': [
      ['Practice number (PCNS)', given(draft.practiceNumber)],
      ['HPCSA registration number', given(draft.hpcsaNumber)],
    ],
    schemes:
      schemes.length === 0
        ? [['Schemes', 'No scheme selected']]
        : schemes.map(({ administrator, schemes }) => [
            administrator,
            <ul key={administrator}>
              {schemes.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>,
          ]),
    'contract-preferences': [
      [
        'Contracts',
        PREFERENCES.filter(([key]) => draft.contractPreferences[key])
          .map(([, label]) => label)
          .join('; ') || 'Nothing ticked',
      ],
    ],
    'additional-preferences': [
      ['Help with contract negotiations', draft.interestedInContracts ? 'Yes' : 'No'],
    ],
    documents: sections.map((section) => {
      const names = files.filter((f) => f.sectionKey === section.key).map((f) => f.name);
      return [
        section.label,
        names.length === 0 ? (
          'No file'
        ) : (
          <ul key={section.key}>
            {names.map((name, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two files may share a name
              <li key={i} className="break-all">
                {name}
              </li>
            ))}
          </ul>
        ),
      ];
    }),
    'notes-consent': [
      ['Additional notes', given(draft.additionalNotes)],
      ['POPIA consent', draft.consent ? 'Accepted' : 'Not accepted yet'],
    ],
  };

  return (
    <Card aria-labelledby={titleId}>
      <CardTitle id={titleId}>Check your answers</CardTitle>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        When everything is right, press Submit Application at the bottom of the screen.
      </p>
      {pages.map((page) => {
        const rows = answers[page];
        if (!rows) return null;
        const pageProblems = problems.filter((problem) => problem.page === page);
        return (
          <section key={page} className="mt-5 border-t border-slate-200 pt-3 dark:border-slate-700">
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-base font-semibold">{PAGE_NAMES[page]}</h3>
              <a
                href={page === 'practice-type' ? '/' : `/?step=${page}`}
                onClick={(e) => {
                  e.preventDefault();
                  onChange(page);
                }}
                className="inline-flex min-h-11 items-center font-medium text-teal-800 underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-teal-600 dark:text-teal-300"
              >
                Change<span className="sr-only"> {PAGE_NAMES[page].toLowerCase()}</span>
              </a>
            </div>
            <dl className="mt-1 space-y-2 text-sm">
              {rows.map(([label, answer]) => (
                <div key={label}>
                  <dt className="font-medium">{label}</dt>
                  <dd className="text-slate-700 dark:text-slate-300">{answer}</dd>
                </div>
              ))}
            </dl>
            {pageProblems.length > 0 && (
              <ul className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
                {pageProblems.map((problem) => (
                  <li key={problem.target}>{problem.message}</li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </Card>
  );
}
