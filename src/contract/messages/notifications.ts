// Event notifications to members.

/** Cents as the specs show prices: `$45` or `$45.50`. */
const dollars = (cents: number) => `$${cents % 100 === 0 ? cents / 100 : (cents / 100).toFixed(2)}`;

/** Event notifications to members (ours: the specs show none). */
export const eventText = {
  withdrawInitiated: (cents: number) => `Your withdraw request of ${dollars(cents)} was paid out.`,
  withdrawCancelled: (cents: number) =>
    `Your withdraw request of ${dollars(cents)} was cancelled; the amount is back in your wallet.`,
  distributionApplied: (type: 'profit' | 'loss', percent: string, category: string) =>
    type === 'profit'
      ? `A profit of ${percent}% on your ${category} investment was added to your wallet.`
      : `A loss of ${percent}% on your ${category} investment was taken from your wallet.`,
} as const;
