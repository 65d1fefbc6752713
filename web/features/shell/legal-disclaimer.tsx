// The legal disclaimer shown on every page (docs/product.md#who-it-is-for).
export function LegalDisclaimer({ bureauName }: { bureauName: string }) {
  return (
    <p className="text-xs text-slate-600 dark:text-slate-300">
      <strong className="font-semibold">Disclaimer:</strong> {bureauName} cannot guarantee scheme
      approvals, timeframes or reimbursement. {bureauName} accepts no liability for scheme
      decisions, practitioner errors or third-party outages.
    </p>
  );
}
