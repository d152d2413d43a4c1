/**
 * A D1 binding that records each round trip to the database: 1 per statement run on its own, the
 * statement count for a batch. For tests that assert how many trips a path costs.
 */
export function countingD1(d1: D1Database): { d1: D1Database; trips: number[] } {
  const trips: number[] = [];
  const track = (statement: D1PreparedStatement): D1PreparedStatement => {
    const s = statement as unknown as Record<string, (...a: unknown[]) => unknown>;
    for (const name of ['first', 'all', 'run', 'raw']) {
      const original = s[name]?.bind(statement);
      if (!original) continue;
      s[name] = (...a: unknown[]) => {
        trips.push(1);
        return original(...a);
      };
    }
    const bind = s.bind?.bind(statement);
    if (bind) s.bind = (...a: unknown[]) => track(bind(...a) as D1PreparedStatement);
    return statement;
  };
  const counted = new Proxy(d1, {
    get(target, key) {
      if (key === 'prepare') return (query: string) => track(target.prepare(query));
      if (key === 'batch') {
        return (statements: D1PreparedStatement[]) => {
          trips.push(statements.length);
          return target.batch(statements);
        };
      }
      const value = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { d1: counted, trips };
}
