/** A no-break space, as a character or an entity, with no other space beside it: a space typed between two words. */
const LONE_NO_BREAK_SPACE = /(?<!&nbsp;|[\s\u00a0])(?:&nbsp;|\u00a0)(?!&nbsp;|[\s\u00a0])/g;

/**
 * Quill 2.0.3 (the admin panel's HTML field and the site's in-place editor) writes every typed space as &nbsp;
 * (slab/quill#4509), which keeps a whole paragraph on one line: on a phone it runs off the screen. A lone no-break
 * space, character or entity, becomes a plain space; a run of them (spaces typed on purpose, which HTML would
 * collapse) and one that is an element's whole text (a paragraph kept open, '<p>&nbsp;</p>') stay as they are. For
 * HTML already sanitised: the CMS stores rich text so, and the site shows what was stored before so.
 */
export function wrappableSpaces(html: string): string {
  return html.replace(LONE_NO_BREAK_SPACE, (space: string, at: number) =>
    html[at - 1] === '>' && html[at + space.length] === '<' ? space : ' ',
  );
}
