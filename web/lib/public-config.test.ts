import { describe, expect, it } from 'vitest';
import { asPublicConfig, DEFAULT_PUBLIC_CONFIG } from './public-config.ts';

describe('asPublicConfig', () => {
  it('accepts the server answer', () => {
    const config = {
      supportEmail: 'help@bureau.co.za',
      bureauName: 'Bureau',
      postalAddress: ['PO Box 1', 'Durban'],
    };
    expect(asPublicConfig(config)).toEqual(config);
  });

  it('rejects anything malformed so the defaults stay in place', () => {
    expect(asPublicConfig(null)).toBeNull();
    expect(asPublicConfig('<html>')).toBeNull();
    expect(asPublicConfig({ ...DEFAULT_PUBLIC_CONFIG, supportEmail: 'nope' })).toBeNull();
    expect(asPublicConfig({ ...DEFAULT_PUBLIC_CONFIG, postalAddress: [1, 2] })).toBeNull();
    expect(asPublicConfig({ ...DEFAULT_PUBLIC_CONFIG, bureauName: '' })).toBeNull();
  });

  it('has defaults that match the server defaults', () => {
    expect(asPublicConfig(DEFAULT_PUBLIC_CONFIG)).toEqual(DEFAULT_PUBLIC_CONFIG);
  });
});
