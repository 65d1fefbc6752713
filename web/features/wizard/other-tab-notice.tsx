// Says why the wizard is read-only while another tab writes the draft (draft-writer.ts).
import { useAtomValue } from 'jotai';
import { Alert } from '../../ui/alert.tsx';
import { otherTabWritesAtom } from './draft-writer.ts';

export function OtherTabNotice() {
  if (!useAtomValue(otherTabWritesAtom)) return null;
  return (
    <div role="status">
      <Alert tone="warning" title="This application is open in another tab">
        You can read it here, but only the other tab saves changes, so nothing you type is lost
        between the two. Close the other tab to continue here: this page then shows everything it
        saved.
      </Alert>
    </div>
  );
}
