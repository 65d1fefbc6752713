// What each chosen scheme wants on paper (issue 26), as staff keep it in the catalogue: the
// forms to print and sign by hand, the documents to certify and how recently, and where to post
// them, with the application's reference for the envelope. Only what staff have written shows.
import type { TrackingResponse } from '../../../schema/tracking-api.ts';
import { usePublicConfig } from '../../lib/public-config.ts';
import { Card, CardTitle } from '../../ui/card.tsx';

type Checklists = NonNullable<TrackingResponse['postingChecklists']>;

export function PostingChecklistsCard({
  checklists,
  reference,
}: {
  checklists: Checklists;
  /** The short reference, not the token: the envelope passes through many hands (decision 089). */
  reference: string;
}) {
  // Read here, not passed down: the details settle after hydration, and only this card re-renders.
  const { postalAddress } = usePublicConfig();
  return (
    <Card aria-labelledby="posting-checklist-title">
      <CardTitle id="posting-checklist-title">Posting checklist</CardTitle>
      <p className="mt-2 text-sm">
        What your schemes ask for on paper. Write your reference{' '}
        <span className="font-mono font-semibold whitespace-nowrap">{reference}</span> on the
        envelope and on each page.
      </p>
      <div className="mt-3 flex flex-col divide-y divide-slate-200 dark:divide-slate-700">
        {checklists.map(({ schemeName, checklist }) => (
          <section key={schemeName} aria-label={schemeName} className="py-3 text-sm">
            <h3 className="font-semibold">{schemeName}</h3>
            {checklist.signByHand.length > 0 && (
              <Items title="Print, sign by hand and post" items={checklist.signByHand} />
            )}
            {checklist.certifiedCopies.length > 0 && (
              <Items
                title={
                  checklist.certifiedWithinMonths === null
                    ? 'Certified copies to post'
                    : `Certified copies to post, certified in the last ${checklist.certifiedWithinMonths} ${checklist.certifiedWithinMonths === 1 ? 'month' : 'months'}`
                }
                items={checklist.certifiedCopies}
              />
            )}
            <p className="mt-2 font-medium">Post to</p>
            <address className="mt-1 whitespace-pre-line not-italic">
              {checklist.postTo ?? postalAddress.join('\n')}
            </address>
          </section>
        ))}
      </div>
    </Card>
  );
}

function Items({ title, items }: { title: string; items: string[] }) {
  return (
    <>
      <p className="mt-2 font-medium">{title}</p>
      <ul className="mt-1 list-disc pl-5">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </>
  );
}
