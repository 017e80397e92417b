/**
 * The `-hot` sort key of a discussion (contract §8: "score + activity"): the time of the last
 * activity in seconds, plus 45,000 seconds (12.5 hours) per order of magnitude of the score, so a
 * discussion with 10 net votes ranks like one active 12.5 hours later. Stored in `discussions.hot`
 * and recomputed whenever the score or `dateLastComment` changes (comment, vote, bump).
 */
export function computeHot(score: number, dateLastComment: string): number {
  const seconds = Math.floor(Date.parse(dateLastComment) / 1000);
  const magnitude = Math.log10(Math.max(Math.abs(score), 1));
  return Math.round(seconds + Math.sign(score) * magnitude * 45_000);
}
