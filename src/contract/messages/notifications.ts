// Event notifications to members.

/** Event notifications to members (our wording). */
export const eventText = {
  withdrawInitiated: (amount: string) => `Your withdraw request of ${amount} was paid out.`,
  withdrawCancelled: (amount: string) =>
    `Your withdraw request of ${amount} was cancelled; the amount is back in your wallet.`,
  distributionApplied: (type: 'profit' | 'loss', percent: string, category: string) =>
    type === 'profit'
      ? `A profit of ${percent}% on your ${category} investment was added to your wallet.`
      : `A loss of ${percent}% on your ${category} investment was taken from your wallet.`,
} as const;
