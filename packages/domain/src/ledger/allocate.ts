/**
 * Splits `total` cents over `weights` in proportion, by the largest remainder: the shares add up to `total`
 * exactly, each within one cent of its exact proportion. Ties go to the earlier weight, so the split is the
 * same every time. Weights are whole cents and not negative; all zero: everything to the first.
 */
export function allocate(weights: readonly number[], total: number): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + Math.max(0, b), 0);
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const big = BigInt(total);
  const whole = BigInt(sum);
  const shares = weights.map((w) => {
    const product = BigInt(Math.max(0, w)) * big;
    const floor = product / whole - (product % whole < 0n ? 1n : 0n);
    return { share: floor, remainder: product - floor * whole };
  });
  let left = big - shares.reduce((a, s) => a + s.share, 0n);
  const order = shares
    .map((_, i) => i)
    .sort((a, b) => {
      const d = shares[b]!.remainder - shares[a]!.remainder;
      return d > 0n ? 1 : d < 0n ? -1 : a - b;
    });
  for (const i of order) {
    if (left <= 0n) break;
    shares[i]!.share += 1n;
    left -= 1n;
  }
  return shares.map((s) => Number(s.share));
}
