import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from './webhook-addresses.ts';

describe('private addresses', () => {
  it('tells the public internet from loopback, private, link-local and the rest', () => {
    const privateOnes = [
      '127.0.0.1',
      '10.1.2.3',
      '172.31.255.255',
      '192.168.0.10',
      '169.254.169.254',
      '100.64.1.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00::5',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a00:1',
      'not-an-address',
    ];
    const publicOnes = ['8.8.8.8', '172.32.0.1', '41.0.0.1', '2c0f:fb50::1', '::ffff:8.8.8.8'];
    expect(privateOnes.filter((a) => !isPrivateAddress(a))).toEqual([]);
    expect(publicOnes.filter(isPrivateAddress)).toEqual([]);
  });
});
