// The staff screens' box for finding one of ~50 schemes by any part of its name or key (the
// registration forms card, the scheme catalogue); filterSchemes (presentation.ts) applies it.
import { TextField } from '../../ui/field.tsx';

export function SchemeFilterField({
  id,
  className,
  value,
  onChange,
}: {
  id: string;
  className: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      className={className}
      id={id}
      label="Filter schemes"
      type="search"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder="Scheme name or key"
    />
  );
}
