// The wallet back-office (/userDetail, /withdraw, /profit,
// /notification): member detail with wallet figures, add balance, withdraw requests, block and
// status, profit/loss distribution and the broadcast after it. Money crosses the wire in cents,
// except what an admin types: dollars and percentages with at most 2 decimals, turned into exact
// hundredths (cents, basis points) without float arithmetic.
import { z } from 'zod';
import { listQuery, memberRow } from './admin.js';
import { cents, pageMeta, pageQuery } from './common.js';
import { adminSupportText, validation, walletText as t } from './messages.js';
import { ticketStatuses } from './support.js';

export const walletLimits = {
  /** Add Balance: at most $1,000,000 at a time (a bound of our own). */
  maxAddCents: 100_000_000,
  /** A loss takes at most everything (100%); a profit at most 1000%. In basis points (hundredths of a percent). */
  maxLossBasisPoints: 10_000,
  maxProfitBasisPoints: 100_000,
  notificationMax: 2000,
  /** The member detail shows this many of the newest tickets. */
  detailTickets: 20,
} as const;

export const riskNames = ['lowrisk', 'highrisk'] as const;
export type RiskName = (typeof riskNames)[number];
export const distributionTypes = ['profit', 'loss'] as const;
export type DistributionType = (typeof distributionTypes)[number];
/** A transaction's status: '0' Pending, '1' Accepted, '-1' Rejected, '3' a withdraw awaiting the admin. */
export const transactionStatusCodes = ['0', '1', '-1', '3'] as const;

// ---------------------------------------------------------------- decimals typed by an admin

export type HundredthsError = 'required' | 'notNumber' | 'decimals';

/**
 * A decimal number (or its text) with at most 2 decimals as an exact integer count of hundredths:
 * dollars → cents, percent → basis points. The digits are read as text, never multiplied as a
 * float: 0.1 → 10, 0.29 → 29 (0.29 * 100 is 28.999999999999996). A JS number is read through its
 * shortest round-trip text (String(0.1) is '0.1'). Trailing zeros are fine ('1.500'); a sign is
 * kept (negative results are the caller's to refuse); exponents only as numbers.
 */
export function toHundredths(value: unknown): number | HundredthsError {
  if (value === undefined || value === null || value === '') return 'required';
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return 'notNumber';
    text = String(value);
    // Exponent notation: below 1e-6 (too many decimals) or at least 1e21 (far too large).
    if (/e/i.test(text)) return Math.abs(value) < 1 ? 'decimals' : Math.sign(value) * Number.MAX_SAFE_INTEGER;
  } else if (typeof value === 'string') {
    text = value.trim();
    if (text === '') return 'required';
  } else {
    return 'notNumber';
  }
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && !match[3])) return 'notNumber';
  const [, sign, whole = '', fraction = ''] = match;
  const decimals = fraction.replace(/0+$/, '');
  if (decimals.length > 2) return 'decimals';
  // Beyond 15 digits nothing is exact any more; such a value is refused as too large anyway.
  const units =
    whole.length > 15 ? Number.MAX_SAFE_INTEGER : Number(whole || '0') * 100 + Number(decimals.padEnd(2, '0'));
  return sign === '-' ? -units : units;
}

/** Integer hundredths back to the decimal text a form sends: 1250 → '12.50' (the inverse of `toHundredths`). */
export const hundredthsText = (units: number) => (units / 100).toFixed(2);

interface HundredthsMessages {
  required: string;
  notNumber: string;
  positive: string;
  decimals: string;
}

/** A number or numeric text → integer hundredths > 0 (form inputs send text, JSON clients numbers). */
const positiveHundredths = (m: HundredthsMessages) =>
  z
    .union([z.number(), z.string()], {
      error: (issue) => (issue.input === undefined || issue.input === null ? m.required : m.notNumber),
    })
    .transform((value, ctx) => {
      const units = toHundredths(value);
      if (typeof units === 'string') {
        ctx.addIssue({ code: 'custom', message: m[units] });
        return z.NEVER;
      }
      if (units <= 0) {
        ctx.addIssue({ code: 'custom', message: m.positive });
        return z.NEVER;
      }
      return units;
    });

/** Dollars typed by an admin → integer cents. */
export const dollarsAsCents = positiveHundredths({
  required: t.amountRequired,
  notNumber: t.amountNotNumber,
  positive: t.amountPositive,
  decimals: t.amountDecimals,
}).refine((value) => value <= walletLimits.maxAddCents, { error: t.amountTooLarge });

/** A percentage typed by an admin → basis points (2.5% → 250). */
export const percentAsBasisPoints = positiveHundredths({
  required: t.percentageRequired,
  notNumber: t.percentageNotNumber,
  positive: t.percentagePositive,
  decimals: t.percentageDecimals,
});

/** Basis points as the percentage an admin reads: 250 → 2.5. */
export const basisPointsAsPercent = (basisPoints: number) => basisPoints / 100;

// ---------------------------------------------------------------- requests

const userId = z.uuid({ error: t.userIdInvalid });
const transactionId = z.uuid({ error: t.transactionIdInvalid });

export const memberIdParams = z.object({ id: userId });

/** /userDetail's transactions: a page, narrowed to one status code when `status` is sent. */
export const memberTransactionQuery = pageQuery.extend({
  status: z.enum(transactionStatusCodes, { error: t.transactionStatusInvalid }).optional(),
});
export type MemberTransactionQuery = z.infer<typeof memberTransactionQuery>;

/** /userDetail's tickets: a page, narrowed to pending or resolved when `status` is sent. */
export const memberTicketQuery = pageQuery.extend({
  status: z.enum(ticketStatuses, { error: adminSupportText.ticketStatusInvalid }).optional(),
});
export type MemberTicketQuery = z.infer<typeof memberTicketQuery>;

export const addBalanceBody = z.object({
  /** Dollars, at most 2 decimals: `12.5` or `'12.50'` adds 1250 cents. */
  amount: dollarsAsCents,
  id: userId,
});
export type AddBalanceInput = z.input<typeof addBalanceBody>;

export const withdrawStatusFilter = ['0', '1', '-1', '3', 'all'] as const;
export type WithdrawStatusFilter = (typeof withdrawStatusFilter)[number];

/** /withdraw sorts by these columns (newest first by default). */
export const withdrawSorts = ['createdAt', 'amount', 'email', 'title', 'status'] as const;

/** An admin list (page, q on email, name and title, sort) narrowed to one status. */
export const withdrawListQuery = listQuery(withdrawSorts).extend({
  /** '3' (default): awaiting the admin; 'all': every withdraw. */
  status: z.enum(withdrawStatusFilter, { error: t.statusFilterInvalid }).default('3'),
});

export const withdrawActionBody = z.object({ id: transactionId });

export const blockUserBody = z.object({
  isBlocked: z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: t.isBlockedInvalid })
    .transform((value) => value === true || value === 'true'),
  id: userId,
});
export type BlockUserInput = z.input<typeof blockUserBody>;

export const updateUserStatusBody = z.object({
  /** 0 Deactive, 1 Active; the number or its text. */
  status: z
    .union([z.literal(0), z.literal(1), z.enum(['0', '1'])], { error: t.statusInvalid })
    .transform((value) => String(value) as '0' | '1'),
  _id: userId,
});
export type UpdateUserStatusInput = z.input<typeof updateUserStatusBody>;

/** The /profit form, checked in its order: risk type, transaction type, percentage. */
const distributionFields = {
  /** One of the two fixed risk-category ids (GET /transaction/riskCategories). */
  riskCategory: z.uuid({ error: t.riskCategoryInvalid }),
  transaction_type: z.enum(distributionTypes, { error: t.transactionTypeInvalid }),
  /** Percent, at most 2 decimals; > 0 and at most 100 for a loss, 1000 for a profit. */
  percentage: percentAsBasisPoints,
};

type DistributionFields = { transaction_type: DistributionType; percentage: number };
const withinLimit = <T extends DistributionFields>(body: T, ctx: z.RefinementCtx) => {
  const loss = body.transaction_type === 'loss';
  if (body.percentage > (loss ? walletLimits.maxLossBasisPoints : walletLimits.maxProfitBasisPoints)) {
    ctx.addIssue({ code: 'custom', path: ['percentage'], message: loss ? t.lossTooLarge : t.profitTooLarge });
  }
};

export const calculatePercentageBody = z.object(distributionFields).superRefine(withinLimit);
export type CalculatePercentageInput = z.input<typeof calculatePercentageBody>;
export type DistributionRequest = z.output<typeof calculatePercentageBody>;

export const adminDistributionBody = z
  .object({
    ...distributionFields,
    /** What calculatePercentage answered: the distribution applies only if nothing changed since. */
    previewKey: z.string({ error: t.previewKeyRequired }).regex(/^[0-9a-f]{64}$/, { error: t.previewKeyRequired }),
  })
  .superRefine(withinLimit);
export type AdminDistributionInput = z.input<typeof adminDistributionBody>;

export const distributionNotificationBody = z.object({
  message: z
    .string({ error: validation.messageRequired })
    .trim()
    .min(1, { error: validation.messageRequired })
    .max(walletLimits.notificationMax, { error: t.notificationTooLong }),
});

// ---------------------------------------------------------------- answers

export const riskCategory = z.object({ _id: z.uuid(), name: z.enum(riskNames), label: z.string() });
export type RiskCategory = z.infer<typeof riskCategory>;

export const memberSummary = memberRow.extend({ role: z.enum(['customer', 'provider']) });
export type MemberSummary = z.infer<typeof memberSummary>;

/** A wallet's figures in cents; all zero for a member without a wallet. */
export const walletFigures = z.object({
  /** Available: not invested, not reserved by a withdraw request. */
  amount: cents,
  /** Aggressive. */
  highRiskAmount: cents,
  /** Conservative. */
  lowRiskAmount: cents,
  /** Held by withdraw requests awaiting the admin. */
  reservedAmount: cents,
  /** Held for booked jobs paid from the wallet, until they are completed (paid) or not (released). */
  heldAmount: cents,
  withdrawAmount: cents,
  depositAmount: cents,
  /** Profits minus losses of distributions; may be negative. */
  interestEarned: cents,
});
export type WalletFigures = z.infer<typeof walletFigures>;

export const transactionTypeNames = [
  'deposit',
  'withdraw',
  'adminProfit',
  'invest',
  'divest',
  'payment',
  'earning',
] as const;

export const walletTransaction = z.object({
  _id: z.uuid(),
  title: z.string(),
  amount: cents,
  createdAt: z.string(),
  type: z.enum(transactionTypeNames),
  profitLoss: z.enum(distributionTypes).nullable(),
  /** '0' Pending, '1' Accepted, '-1' Rejected, '3' a withdraw awaiting the admin. */
  status: z.enum(transactionStatusCodes),
  riskCategory: z.enum(riskNames).nullable(),
});
export type WalletTransaction = z.infer<typeof walletTransaction>;

export const memberTicket = z.object({
  _id: z.uuid(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(ticketStatuses),
  createdAt: z.string(),
});
export type MemberTicket = z.infer<typeof memberTicket>;

export const memberDetail = z.object({
  user: memberSummary,
  wallet: walletFigures,
  /** The first page of the member's transactions, newest first (more: GET /transaction/userTransactions/:id). */
  transaction: z.array(walletTransaction),
  transactionMeta: pageMeta,
  /** The newest tickets (at most 20; more, or one status: GET /transaction/userTickets/:id). */
  tickets: z.array(memberTicket),
});
export type MemberDetail = z.infer<typeof memberDetail>;

/**
 * A weekly transfer of a provider's available earnings to its connected Stripe account
 * (payments.ts). pending: asked of Stripe (the amount is reserved in the wallet); paid: Stripe made
 * it; failed: it did not, and the amount is back in the wallet.
 */
export const payoutStatuses = ['pending', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

export const withdrawRequest = z.object({
  _id: z.uuid(),
  title: z.string(),
  amount: cents,
  createdAt: z.string(),
  status: z.enum(transactionStatusCodes),
  user: z.object({ _id: z.uuid(), email: z.string().nullable(), name: z.string() }),
  /** A weekly Stripe transfer's state; null for a request the admin pays by hand. */
  transfer: z.enum(payoutStatuses).nullable(),
});
export type WithdrawRequest = z.infer<typeof withdrawRequest>;

export const blockResult = z.object({ isBlocked: z.boolean() });
export const statusResult = z.object({ status: z.enum(['0', '1']) });

export const distributionPreview = z.object({
  /** The sum of what every wallet would get (profit) or lose (loss), in cents. */
  totalAmount: cents,
  /** As asked, in percent (2.5 means 2.5%). */
  percentage: z.number(),
  riskCategory: z.uuid(),
  transactionType: z.enum(distributionTypes),
  walletCount: z.number().int(),
  /** What the category's wallets hold now, in cents (the total moves it to this ± totalAmount). */
  categoryAmount: cents,
  /** Send it back with adminDistribution: it applies exactly this preview or nothing. */
  previewKey: z.string(),
});
export type DistributionPreview = z.infer<typeof distributionPreview>;

export const distributionResult = z.object({ totalAmount: cents, walletCount: z.number().int() });
export type DistributionResult = z.infer<typeof distributionResult>;
