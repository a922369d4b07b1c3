import { describe, expect, it } from 'vitest';
import { youTubeEmbedUrl, youTubeVideoId } from '../youtube';

describe('youTubeVideoId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?feature=share&v=aqz-KE-bpKQ&t=42s', 'aqz-KE-bpKQ'],
    ['https://m.youtube.com/watch?v=jNQXAC9IVRw', 'jNQXAC9IVRw'],
    ['youtube.com/watch?v=M7lc1UVf-VE', 'M7lc1UVf-VE'],
    ['https://youtu.be/kJQP7kiw5Fk', 'kJQP7kiw5Fk'],
    ['https://youtu.be/9bZkp7q19f0?t=10', '9bZkp7q19f0'],
    ['https://www.youtube.com/embed/L_jWHffIx5E?rel=0', 'L_jWHffIx5E'],
    ['https://www.youtube-nocookie.com/embed/fJ9rUzIMcZQ', 'fJ9rUzIMcZQ'],
    ['https://www.youtube.com/shorts/hTWKbfoikeg', 'hTWKbfoikeg'],
    ['//www.youtube.com/embed/YQHsXMglC9A', 'YQHsXMglC9A'],
    ['  https://youtu.be/CevxZvSJLk8  ', 'CevxZvSJLk8'],
  ])('finds the id in %s', (url, id) => {
    expect(youTubeVideoId(url)).toBe(id);
  });

  it.each([
    ['an empty address', ''],
    ['no address', null],
    ['an id one character short', 'https://www.youtube.com/watch?v=dQw4w9WgXc'],
    ['an id one character long', 'https://youtu.be/dQw4w9WgXcQQ'],
    ['an id with a character YouTube never uses', 'https://www.youtube.com/embed/dQw4w9WgX.Q'],
    ['a watch page without v', 'https://www.youtube.com/watch?list=PL123'],
    ['a channel page', 'https://www.youtube.com/@wasabistallions'],
    ['another site with a watch path', 'https://vimeo.com/watch?v=dQw4w9WgXcQ'],
    ['a look-alike host', 'https://notyoutube.com/embed/dQw4w9WgXcQ'],
    ['a script address', 'javascript:alert(1)//youtu.be/dQw4w9WgXcQ'],
  ])('finds none in %s', (_case, url) => {
    expect(youTubeVideoId(url)).toBeNull();
  });
});

describe('youTubeEmbedUrl', () => {
  it("is YouTube's privacy-enhanced player", () => {
    expect(youTubeEmbedUrl('dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  });
});
