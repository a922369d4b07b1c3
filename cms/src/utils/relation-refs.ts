/**
 * The rows a relation's value in a write names, as Strapi takes them: ids (numbers or digit strings), documentIds
 * (other strings), or `{ id }` / `{ documentId }` objects. Anything else names nothing.
 */
export function relationRefs(refs: readonly unknown[]): { ids: number[]; documentIds: string[] } {
  const ids: number[] = [];
  const documentIds: string[] = [];
  for (const ref of refs) {
    const { id, documentId } = (
      ref && typeof ref === 'object'
        ? ref
        : typeof ref === 'string' && !/^\d+$/.test(ref)
          ? { documentId: ref }
          : { id: ref }
    ) as { id?: unknown; documentId?: unknown };
    if (typeof documentId === 'string') documentIds.push(documentId);
    else if (Number.isSafeInteger(Number(id)) && Number(id) > 0) ids.push(Number(id));
  }
  return { ids, documentIds };
}

/** A relation's value as a list of refs: a list as it is, one ref as a list of one, nothing as none. */
export const refList = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
