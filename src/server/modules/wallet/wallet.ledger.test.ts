// The ledger's two definitions agree, and it is the one writer of money:
// - every kind of row moves a wallet (`effectOf`, what the writer applies) exactly as the sums of
//   the rows say (`ledgerSums`, what the books are checked against);
// - no production file but wallet.ledger.ts writes the wallets or transactions tables.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { transactionStatusCodes, transactionTypeNames } from '../../../contract/wallet.js';
import { riskCategoryIds, transactions } from '../../db/schema.js';
import { withApp } from '../../test/harness.js';
import { createMember } from '../../test/factories.js';
import { effectOf, figureNames, ledgerFigures, zeroFigures } from './wallet.ledger.js';

const ctx = withApp();

it('moves a wallet by each kind of row exactly as the ledger sums that row', async () => {
  const member = await createMember(ctx.db);
  const rows = transactionTypeNames.flatMap((type) =>
    transactionStatusCodes.flatMap((status) =>
      [null, riskCategoryIds.lowrisk, riskCategoryIds.highrisk].flatMap((riskCategoryId) =>
        [null, 'profit' as const, 'loss' as const].map((profitLoss) => ({
          type,
          status,
          riskCategoryId,
          profitLoss,
          amountCents: 1_234,
        })),
      ),
    ),
  );
  for (const row of rows) {
    // One row at a time: the member's only transaction, so the sums are that row's effect.
    await ctx.db.delete(transactions);
    await ctx.db.insert(transactions).values({ ...row, userId: member.id, title: 'row' });
    const summed = await ledgerFigures(ctx.db, member.id);
    const moved = { ...zeroFigures, ...effectOf(row) };
    expect(Object.fromEntries(figureNames.map((name) => [name, moved[name]])), JSON.stringify(row)).toEqual(summed);
  }
  // Some rows move nothing (pending, rejected); these ones move every figure between them.
  expect(rows.some((row) => Object.keys(effectOf(row)).length > 0)).toBe(true);
});

it('is the only production file that writes wallets or transactions', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  const writes = [
    /\.(insert|update|delete)\(\s*(wallets|transactions)\s*\)/,
    /(insert\s+into|update|delete\s+from)\s+(\$\{\s*)?"?(wallets|transactions)\b/i,
  ];
  const offenders = fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith(`test${path.sep}`))
    .filter((file) => !file.endsWith(path.join('wallet', 'wallet.ledger.ts')))
    .filter((file) => writes.some((write) => write.test(fs.readFileSync(path.join(root, file), 'utf8'))));
  expect(offenders).toEqual([]);
});
