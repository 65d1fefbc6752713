import { describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/device-store.ts', () => ({
  clearDevice: async () => {},
  getJson: async () => undefined,
  putJson: async () => {},
  getBytes: async () => undefined,
  putBytes: async () => {},
  remove: async () => {},
  expireStaleDeviceData: async () => false,
}));

const { leaveForTracking } = await import('./leave-for-tracking.ts');
const result = { message: 'Application received', trackingToken: 'abc_DEF-123' };

describe('after a successful submit', () => {
  it('goes to the tracking page once the device is wiped', async () => {
    const goTo = vi.fn();
    const clear = vi.fn(async () => {});
    await leaveForTracking(result, goTo, clear);
    expect(clear).toHaveBeenCalledOnce();
    expect(goTo).toHaveBeenCalledWith('/track?token=abc_DEF-123');
  });

  it('still goes to the tracking page when wiping the device fails', async () => {
    const goTo = vi.fn();
    await leaveForTracking(result, goTo, async () => {
      throw new DOMException('The database connection is closing.', 'InvalidStateError');
    });
    expect(goTo).toHaveBeenCalledWith('/track?token=abc_DEF-123');
  });
});
