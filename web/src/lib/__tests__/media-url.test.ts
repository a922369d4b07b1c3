import { describe, expect, it } from 'vitest';
import { mediaUrl } from '../media-url';

// The tests' CMS is the default VITE_API_URL, http://localhost:1337.
describe('mediaUrl', () => {
  it("resolves the media library's paths against the CMS", () => {
    expect(mediaUrl('/uploads/wasabi_paddock_3f2a.jpg')).toBe('http://localhost:1337/uploads/wasabi_paddock_3f2a.jpg');
    expect(mediaUrl(' uploads/oak_offices.jpg ')).toBe('http://localhost:1337/uploads/oak_offices.jpg');
  });

  it('keeps addresses that name their scheme or host', () => {
    expect(mediaUrl('https://img.youtube.com/vi/PHe0bXAIuk0/hqdefault.jpg')).toBe(
      'https://img.youtube.com/vi/PHe0bXAIuk0/hqdefault.jpg',
    );
    expect(mediaUrl('//cdn.example.com/a.png')).toBe('//cdn.example.com/a.png');
    expect(mediaUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
  });

  it('answers empty for no address', () => {
    expect(mediaUrl(null)).toBe('');
    expect(mediaUrl(undefined)).toBe('');
    expect(mediaUrl('   ')).toBe('');
  });
});
