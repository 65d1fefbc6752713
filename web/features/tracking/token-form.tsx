import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/field.tsx';

export const EMPTY_TOKEN_MESSAGE = 'Please enter a tracking token';

export function TokenForm({
  initialToken = '',
  pressedEmpty = false,
  onTrack,
}: {
  initialToken?: string;
  /** Track was pressed with no token before the app ran (the page's own form was sent). */
  pressedEmpty?: boolean;
  /** Called with the trimmed token on every press of Track, also when it is unchanged. */
  onTrack: (token: string) => void;
}) {
  const [value, setValue] = useState(initialToken);
  const [error, setError] = useState<string | undefined>(undefined);
  // After the first render, so it matches the pre-rendered page it takes over.
  useEffect(() => {
    if (pressedEmpty) setError(EMPTY_TOKEN_MESSAGE);
  }, [pressedEmpty]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const token = value.trim();
    if (!token) {
      setError(EMPTY_TOKEN_MESSAGE);
      return;
    }
    setError(undefined);
    onTrack(token);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <TextField
        label="Tracking token"
        name="token"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          if (error) setError(undefined);
        }}
        hint="You received it when you submitted your application."
        error={error}
        className="flex-1"
      />
      <Button type="submit" className="sm:mt-6">
        Track
      </Button>
    </form>
  );
}
