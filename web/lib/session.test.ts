import { describe, expect, it } from 'vitest';
import { sessionFromMe } from './session.ts';

describe('sessionFromMe', () => {
  it('is authenticated only for a well-formed authenticated answer', () => {
    expect(
      sessionFromMe({ authenticated: true, user: { id: 'u1', email: 'staff@bureau.co.za' } }),
    ).toEqual({ status: 'authenticated', user: { id: 'u1', email: 'staff@bureau.co.za' } });
    expect(sessionFromMe({ authenticated: false, user: null })).toEqual({
      status: 'unauthenticated',
    });
    expect(sessionFromMe({ authenticated: true, user: null })).toEqual({
      status: 'unauthenticated',
    });
    expect(sessionFromMe('<html>')).toEqual({ status: 'unauthenticated' });
    expect(sessionFromMe(null)).toEqual({ status: 'unauthenticated' });
  });
});
