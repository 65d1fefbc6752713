import { Alert } from '../../ui/alert.tsx';

/** The files of a pick that were refused, each with its reason (decision 049). */
export function UploadProblems({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <Alert tone="error" title="Some files were not added">
      <ul className="list-disc pl-5">
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </Alert>
  );
}
