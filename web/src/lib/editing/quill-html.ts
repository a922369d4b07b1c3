/**
 * Quill 2.0.3's getSemanticHTML writes every typed space as '&nbsp;' (slab/quill#4509), so saved text would
 * no longer wrap between words. This gives the spaces back, keeping '&nbsp;' only where a run of spaces needs it
 * to stay visible ('a   b' stays three spaces wide). Typed '&nbsp;' text is escaped ('&amp;nbsp;'), so only
 * Quill's own ones match.
 */
export function wrappableSpaces(html: string): string {
  return html.replace(/(?:&nbsp;)+/g, (run) => ` ${'&nbsp;'.repeat(run.length / '&nbsp;'.length - 1)}`);
}
