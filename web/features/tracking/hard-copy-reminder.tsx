// After submission the practitioner is told how to certify and mail the hard copies some
// schemes still require (docs/product.md#who-it-is-for, #screens-and-routes).
import { usePublicConfig } from '../../lib/public-config.ts';
import { Card, CardTitle } from '../../ui/card.tsx';
import { AlertIcon } from '../../ui/icons.tsx';

export function HardCopyReminder({
  schemes,
  reference,
}: {
  schemes: string[];
  /** The short reference, not the token: the envelope passes through many hands (decision 089). */
  reference: string;
}) {
  // Read here, not passed down: the details settle after hydration, and only this card re-renders.
  const { postalAddress, bureauName } = usePublicConfig();
  return (
    <Card
      aria-labelledby="hard-copy-title"
      className="border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950"
    >
      <CardTitle id="hard-copy-title" className="flex items-center gap-2">
        <AlertIcon className="shrink-0 text-amber-700 dark:text-amber-300" />
        Certified hard copies required
      </CardTitle>
      <p className="mt-2 text-sm">
        These schemes need certified paper copies of your documents before they can complete your
        registration:
      </p>
      <ul className="mt-2 list-disc pl-5 text-sm font-medium">
        {schemes.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
      <ol className="mt-4 flex flex-col gap-3 text-sm">
        <li className="flex gap-3">
          <Step n={1} />
          <span>
            Get the documents certified by a commissioner of oaths (for example at a police station,
            post office or attorney's office).
          </span>
        </li>
        <li className="flex gap-3">
          <Step n={2} />
          <span>
            Mail them to our postal address below, quoting your reference{' '}
            <span className="font-mono font-semibold whitespace-nowrap">{reference}</span>.
          </span>
        </li>
        <li className="flex gap-3">
          <Step n={3} />
          <span>{bureauName} forwards them to the schemes for you.</span>
        </li>
      </ol>
      <address
        aria-label="Postal address for hard copies"
        className="mt-4 rounded-md border border-amber-300 bg-white p-3 text-sm not-italic dark:border-amber-700 dark:bg-slate-950"
      >
        {postalAddress.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </address>
    </Card>
  );
}

function Step({ n }: { n: number }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-6 shrink-0 items-center justify-center rounded-full bg-amber-700 text-xs font-bold text-white dark:bg-amber-300 dark:text-amber-950"
    >
      {n}
    </span>
  );
}
