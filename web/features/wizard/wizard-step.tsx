import { type ReactNode, useId } from 'react';
import { Card, CardTitle } from '../../ui/card.tsx';

/** A numbered step of the wizard: a card named by its title. */
export function WizardStep({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card aria-labelledby={id}>
      <CardTitle id={id}>{title}</CardTitle>
      <div className="mt-3">{children}</div>
    </Card>
  );
}
