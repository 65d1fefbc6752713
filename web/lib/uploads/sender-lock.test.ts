// The sending tab hands the Web Lock 'upload-sender' to the next tab only once what it did is
// on the device: the next holder reads the files back from the device first, and a 'done' not
// yet stored there would be sent again.
import { expect, it, vi } from 'vitest';

let persisted: () => void = () => {};
vi.mock('./store.ts', () => ({
  uploadsPersisted: () =>
    new Promise<void>((resolve) => {
      persisted = resolve;
    }),
}));

let released = false;
const locks = {
  request: (_name: string, run: () => Promise<void>) =>
    run().then(() => {
      released = true;
    }),
};
Object.defineProperty(globalThis.navigator, 'locks', { value: locks, configurable: true });

const { senderLock } = await import('./sender-lock.ts');

it('lets the lock go only after the files are stored on the device', async () => {
  const granted = vi.fn();
  expect(senderLock(true, granted)).toBe(false);
  await vi.waitFor(() => expect(granted).toHaveBeenCalled());
  expect(senderLock(true, granted)).toBe(true);
  // No more work: the tab gives the lock up, but not while a record is still being written.
  expect(senderLock(false, granted)).toBe(false);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(released).toBe(false);
  persisted();
  await vi.waitFor(() => expect(released).toBe(true));
});
