/**
 * Where the first NUL character (U+0000) sits in a parsed request part (`body.name`, `query.q`), or
 * undefined when there is none. PostgreSQL text cannot hold one: a NUL that reaches a query fails it as an
 * internal error, so it is refused at the edge like any other invalid value. Walks iteratively: a deeply
 * nested JSON body must not overflow the stack.
 */
export const nulCharacterPath = (root: unknown, rootName: string): string | undefined => {
  const pending: [unknown, string][] = [[root, rootName]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push([item, `${path}.${index}`]));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return path;
        pending.push([item, `${path}.${key}`]);
      }
    }
  }
  return undefined;
};
