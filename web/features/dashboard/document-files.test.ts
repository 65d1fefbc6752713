import { describe, expect, it } from 'vitest';
import { viewableType } from './document-files.ts';

describe('viewableType', () => {
  it('opens PDFs and photos as themselves', () => {
    expect(viewableType('application/pdf')).toBe('application/pdf');
    expect(viewableType('image/jpeg')).toBe('image/jpeg');
    expect(viewableType('image/png')).toBe('image/png');
  });

  it('never lets a stored file run as a page of the portal', () => {
    expect(viewableType('text/html')).toBe('application/octet-stream');
    expect(viewableType('image/svg+xml')).toBe('application/octet-stream');
    expect(viewableType('application/msword')).toBe('application/octet-stream');
  });
});
