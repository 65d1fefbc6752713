// What the shell's notices say of something queued on the device (an application, a
// practitioner's part, the manager's practice): what it waits for, in one set of words.
type Waiting =
  | { kind: 'waiting'; moving: number; failed: number }
  | { kind: 'queued'; retryAfterMs?: number };

const files = (n: number) => (n === 1 ? '1 file' : `${n} files`);

/** `thing`: what the reader opens to try again ('your application', 'your practice'). */
export function waitingWords(state: Waiting, thing: string): string {
  if (state.kind === 'waiting')
    return state.failed > 0
      ? `${files(state.failed)} could not be uploaded: open ${thing} to try again.`
      : `It will be sent when its ${files(state.moving)} ${state.moving === 1 ? 'is' : 'are'} uploaded.`;
  if (state.retryAfterMs !== undefined)
    return 'The server is busy. We will try again shortly; nothing needs entering again.';
  return navigator.onLine
    ? 'We will keep trying to send it.'
    : 'It will be sent when you are back online.';
}
