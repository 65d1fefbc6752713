// /legal (docs/product.md#screens-and-routes 'Terms page'): the terms of schema/terms.ts with
// search, a table of
// contents, printing and the consent card. This route is its own chunk, so the terms text
// is never part of the first load of /.
import { Fragment, useDeferredValue, useId, useState } from 'react';
import { terms } from '../../../schema/terms.ts';
import { formatDate } from '../../lib/dates.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { usePublicConfig } from '../../lib/public-config.ts';
import { buttonClass } from '../../ui/button-class.ts';
import { Card, CardTitle } from '../../ui/card.tsx';
import { ExternalIcon, PrinterIcon } from '../../ui/icons.tsx';
import { ScrollArea } from '../../ui/scroll-area.tsx';
import { countMatches, highlight, matches, matchingSections } from './terms-search.ts';

export function LegalPage() {
  usePageTitle('Terms & POPIA');
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const searchId = useId();

  const sections = matchingSections(terms.sections, deferredQuery);
  const searching = deferredQuery.trim() !== '';
  const introduction = terms.introduction.filter((p) => matches(p, deferredQuery));
  const closing = terms.closing.filter((p) => matches(p, deferredQuery));
  const total = searching
    ? countMatches(
        [
          ...terms.introduction,
          ...terms.sections.flatMap((s) => [s.title, ...s.paragraphs]),
          ...terms.closing,
        ],
        deferredQuery,
      )
    : 0;

  const goTo = (id: string) => {
    const heading = document.getElementById(`terms-${id}`);
    if (!heading) return;
    heading.scrollIntoView({ block: 'start', behavior: 'smooth' });
    heading.focus({ preventScroll: true });
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-6 sm:py-10">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold">{terms.title}</h1>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">
            Last updated: <time dateTime={terms.lastUpdated}>{formatDate(terms.lastUpdated)}</time>{' '}
            · Version {terms.version}
          </p>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">
            &ldquo;The Bureau&rdquo; means <BureauName />.
          </p>
        </div>
        {/* A plain button, like the shell's (decision 099): React Aria's would add its ~20 KB to
            this page's first load for one press. */}
        <button
          type="button"
          className={buttonClass('secondary', 'self-start print:hidden')}
          onClick={() => window.print()}
        >
          <PrinterIcon />
          Print / Save as PDF
        </button>
      </header>

      <div className="flex flex-col gap-1 print:hidden">
        <label htmlFor={searchId} className="text-sm font-medium">
          Search within terms
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="e.g. retention, fees, hard copies"
          className="min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base outline-none placeholder:text-slate-500 focus-visible:border-teal-600 focus-visible:ring-2 focus-visible:ring-teal-600 dark:border-slate-500 dark:bg-slate-950 dark:placeholder:text-slate-400"
        />
        <p role="status" className="min-h-5 text-sm text-slate-700 dark:text-slate-200">
          {searching &&
            (total === 0
              ? `No matches for "${deferredQuery.trim()}"`
              : `${total} ${total === 1 ? 'match' : 'matches'} in ${sections.length} ${sections.length === 1 ? 'section' : 'sections'}`)}
        </p>
      </div>

      <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
        <nav aria-labelledby="toc-title" className="print:hidden">
          <Card padded={false} className="p-3 sm:p-4">
            <h2 id="toc-title" className="text-base font-semibold">
              Table of contents
            </h2>
            <ol className="mt-2 flex flex-col">
              {sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#terms-${section.id}`}
                    onClick={(e) => {
                      e.preventDefault();
                      goTo(section.id);
                    }}
                    className="flex min-h-11 items-center rounded-md px-2 text-sm text-teal-800 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-teal-600 dark:text-teal-300 dark:hover:bg-slate-800"
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </Card>
        </nav>

        <Card padded={false} className="self-start print:border-0">
          <ScrollArea
            label="Terms and conditions text"
            className="h-96 p-4 sm:p-6 print:h-auto print:overflow-visible print:p-0"
          >
            <article className="flex flex-col gap-4 text-sm leading-relaxed">
              {introduction.length > 0 && (
                <section aria-label="Introduction" className="flex flex-col gap-3">
                  {introduction.map((p) => (
                    <p key={p}>
                      <Highlighted text={p} query={deferredQuery} />
                    </p>
                  ))}
                </section>
              )}
              {sections.map((section) => (
                <section
                  key={section.id}
                  aria-labelledby={`terms-${section.id}`}
                  className="flex scroll-mt-4 flex-col gap-3"
                >
                  <h2
                    id={`terms-${section.id}`}
                    tabIndex={-1}
                    className="scroll-mt-4 text-base font-semibold outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
                  >
                    <Highlighted text={section.title} query={deferredQuery} />
                  </h2>
                  {section.paragraphs
                    .filter(
                      (p) =>
                        !searching ||
                        matches(p, deferredQuery) ||
                        matches(section.title, deferredQuery),
                    )
                    .map((p) => (
                      <p key={p}>
                        <Highlighted text={p} query={deferredQuery} />
                      </p>
                    ))}
                </section>
              ))}
              {closing.length > 0 && (
                <section
                  aria-label="Closing"
                  className="flex flex-col gap-3 border-t border-slate-200 pt-4 dark:border-slate-700"
                >
                  {closing.map((p) => (
                    <p key={p}>
                      <Highlighted text={p} query={deferredQuery} />
                    </p>
                  ))}
                </section>
              )}
              {searching && total === 0 && (
                <p className="text-slate-600 dark:text-slate-300">
                  Nothing in the terms matches your search.
                </p>
              )}
            </article>
          </ScrollArea>
        </Card>
      </div>

      <Card aria-labelledby="consent-card-title" className="print:hidden">
        <CardTitle id="consent-card-title">POPIA Consent</CardTitle>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">
          When you submit an application you tick the consent box to confirm that you have read and
          accept these Terms and consent to <BureauName /> processing your personal information as
          described in section 5.
        </p>
        <a
          href="/legal"
          target="_blank"
          rel="noopener"
          className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-md font-medium text-teal-800 underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-teal-600 dark:text-teal-300"
        >
          Open the terms in a new tab
          <ExternalIcon />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </Card>

      <p className="hidden border-t border-slate-400 pt-3 text-xs print:block">
        {terms.printFooter} · <BureauName />
      </p>
    </div>
  );
}

function Highlighted({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlight(text, query).map((segment, i) =>
        segment.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional
          <mark key={i} className="rounded-sm bg-yellow-200 text-slate-950 dark:bg-yellow-300">
            {segment.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional
          <Fragment key={i}>{segment.text}</Fragment>
        ),
      )}
    </>
  );
}

/** The bureau's name, read where it is shown: the details settle after hydration, and only these
 * words re-render, not the whole terms text. */
function BureauName() {
  return usePublicConfig().bureauName;
}
