// Spin to win: which prize an entry wins, by the published rule (seed 001 s2; tested on
// domain/tests/data/spin_cases.json): FNV-1a 64 of "dealer\nemail" (email trimmed, lower
// case) modulo the total weight; prizes take the draws in wheel order.

const OFFSET = 0xcbf29ce484222325n;
const PRIME = 0x100000001b3n;
const MASK = 0xffffffffffffffffn;

/** FNV-1a, 64 bit, over the UTF-8 bytes of `text`. */
export function fnv1a64(text: string): bigint {
  let hash = OFFSET;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * PRIME) & MASK;
  }
  return hash;
}

/** The index of the prize `email` wins on `dealer`'s wheel of `weights`, or null for a
 *  wheel without weight. */
export function spinPrize(dealer: string, email: string, weights: number[]): number | null {
  const total = weights.reduce((sum, w) => sum + BigInt(w), 0n);
  if (total === 0n) return null;
  let draw = fnv1a64(`${dealer}\n${email.trim().toLowerCase()}`) % total;
  for (const [i, w] of weights.entries()) {
    const weight = BigInt(w);
    if (draw < weight) return i;
    draw -= weight;
  }
  return null;
}

/** The turn (degrees, clockwise) that brings the middle of segment `index` under the
 *  pointer at the top, after `spins` whole turns: segments are drawn clockwise from the
 *  top, each as wide as its share of the total weight. */
export function landingTurn(weights: number[], index: number, spins = 5): number {
  const total = weights.reduce((sum, w) => sum + w, 0);
  const before = weights.slice(0, index).reduce((sum, w) => sum + w, 0);
  const middle = ((before + (weights[index] ?? 0) / 2) / total) * 360;
  return spins * 360 + (360 - middle);
}
