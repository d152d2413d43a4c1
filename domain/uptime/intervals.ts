/** @module Half-open time intervals [from, to) in epoch ms: union, intersection, difference, length. */

export interface Interval {
  from: number;
  to: number;
}

/** The union of `intervals` as sorted, disjoint, non-empty intervals (touching ones joined). */
export function union(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.to > i.from).sort((a, b) => a.from - b.from);
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.from <= last.to) last.to = Math.max(last.to, i.to);
    else out.push({ from: i.from, to: i.to });
  }
  return out;
}

/** The parts common to both sets (each a union of its own intervals). */
export function intersect(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const left = union(a);
  const right = union(b);
  const out: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    const l = left[i] as Interval;
    const r = right[j] as Interval;
    const from = Math.max(l.from, r.from);
    const to = Math.min(l.to, r.to);
    if (to > from) out.push({ from, to });
    if (l.to < r.to) i++;
    else j++;
  }
  return out;
}

/** The parts of `a` outside `b`. */
export function subtract(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const cut = union(b);
  const out: Interval[] = [];
  for (const piece of union(a)) {
    let from = piece.from;
    for (const c of cut) {
      if (c.to <= from || c.from >= piece.to) continue;
      if (c.from > from) out.push({ from, to: c.from });
      from = Math.max(from, c.to);
    }
    if (from < piece.to) out.push({ from, to: piece.to });
  }
  return out;
}

/** Total length of the union. */
export function length(intervals: readonly Interval[]): number {
  return union(intervals).reduce((sum, i) => sum + (i.to - i.from), 0);
}
