import { useAtom } from 'jotai';
import { Checkbox } from '../../ui/checkbox.tsx';
import { draftAtom } from './draft.ts';
import { WizardStep } from './wizard-step.tsx';

/** docs/product.md#screens-and-routes, new practices: whether the practitioner needs help with
 * contract negotiations. */
export function AdditionalPreferencesStep({ title }: { title: string }) {
  const [draft, setDraft] = useAtom(draftAtom);
  return (
    <WizardStep title={title}>
      <Checkbox
        checked={draft.interestedInContracts}
        onChange={(e) => {
          const interestedInContracts = e.currentTarget.checked;
          setDraft((d) => ({ ...d, interestedInContracts }));
        }}
      >
        I need help with contract negotiations with medical aid schemes
      </Checkbox>
    </WizardStep>
  );
}
