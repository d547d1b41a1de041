// Exact first; then each secret peg matches at most one guess peg.
export function score(secret, guess) {
  const exact = secret.filter((c, i) => c === guess[i]).length;
  let common = 0;
  for (let c = 1; c <= 6; c += 1) {
    common += Math.min(secret.filter((s) => s === c).length, guess.filter((g) => g === c).length);
  }
  return [exact, common - exact];
}
