// Checkout as the booking dialog drives it: the public terms it shows (fee, cancellation policy),
// the price it estimates with the contract's priceOf against the price the server charges, the
// wallet refusal named at `payment`, and the money of a completed wallet booking adding up to the
// cent in the member's wallet and the admin's member detail (a browser test cannot wait for a
// job's start; here the start is moved into the past).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { priceOf } from '../../../contract/checkout.js';
import { bookings } from '../../db/schema.js';
import { bearer, withApp } from '../../test/harness.js';
import {
  createAdmin,
  createCategory,
  createMember,
  createOffer,
  createProvider,
  signIn,
} from '../../test/factories.js';
import { dayIn } from '../../test/days.js';

const ctx = withApp();
let admin: string;
beforeAll(async () => {
  admin = await signIn(ctx.db, (await createAdmin(ctx.db)).id);
});

const call = (method: 'GET' | 'PUT' | 'POST', url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

describe('GET /v1/services/terms', () => {
  it('tells anyone the platform fee and the late-cancellation fee, as the admin last set them', async () => {
    const before = await call('GET', '/v1/services/terms');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ status: 1, data: { feeBasisPoints: 1000, cancellationFeeCents: 0 } });
    await call('PUT', '/v1/admin/settings', admin, { feeBasisPoints: 1250, cancellationFeeCents: 1500 });
    expect((await call('GET', '/v1/services/terms')).json().data).toEqual({
      feeBasisPoints: 1250,
      cancellationFeeCents: 1500,
    });
    await call('PUT', '/v1/admin/settings', admin, { feeBasisPoints: 1000, cancellationFeeCents: 0 });
  });
});

describe('a wallet booking from the dialog to completion', () => {
  it('charges what the dialog showed, and the wallets and the fee add up to the cent', async () => {
    await call('PUT', '/v1/admin/settings', admin, { feeBasisPoints: 1250, cancellationFeeCents: 0 });
    const cleaning = await createCategory(ctx.db, { title: 'Journey cleaning' });
    const providerUser = await createProvider(ctx.db, { categoryIds: [cleaning.id] });
    const provider = { id: providerUser.id, token: await signIn(ctx.db, providerUser.id) };
    await call('PUT', '/v1/provider/prices', provider.token, {
      prices: [{ serviceId: cleaning.id, priceCents: 3333, unit: 'hour', durationMinutes: 60 }],
    });
    const offer = await createOffer(ctx.db, {
      providerId: provider.id,
      categoryId: cleaning.id,
      discountBasisPoints: 1500,
    });
    const customerUser = await createMember(ctx.db);
    const customer = { id: customerUser.id, token: await signIn(ctx.db, customerUser.id) };

    // The admin's Add Balance, as on /userDetail.
    const added = await call('POST', '/v1/transaction/addBalanceToUser', admin, { id: customer.id, amount: '100' });
    expect(added.statusCode).toBe(200);

    // What the dialog reads: the price list, the terms and the offer's coupon.
    const line = (await call('GET', `/v1/providers/${provider.id}/prices`)).json().data[0];
    const terms = (await call('GET', '/v1/services/terms')).json().data;
    const listed = (await call('GET', '/v1/services/offerListing?limit=100')).json().data as {
      _id: string;
      coupon: { discountCents: number; discountBasisPoints: number; categoryId: string | null } | null;
    }[];
    const coupon = listed.find((o) => o._id === offer.id)?.coupon ?? null;
    expect(coupon).toEqual({ discountCents: 0, discountBasisPoints: 1500, categoryId: cleaning.id });
    const shown = priceOf(line, 3, terms.feeBasisPoints, coupon);

    const body = {
      bookedby: customer.id,
      bookedto: provider.id,
      date: dayIn(30),
      time: '10:00',
      phone: '5125550123',
      address: '1 Main St, Austin, TX',
      description: 'Clean the flat.',
      serviceId: cleaning.id,
      hours: 3,
      payment: 'wallet',
      offerId: offer.id,
    };
    const booked = await call('POST', '/v1/services/addbooking', customer.token, body);
    expect(booked.statusCode).toBe(200);
    const booking = booked.json().data;
    expect(booking.price).toEqual(shown);
    // 3 × $33.33 = $99.99, fee 12.5% = $12.50, 15% off = $15.00: $97.49.
    expect(shown).toEqual({ serviceCents: 9999, feeCents: 1250, discountCents: 1500, totalCents: 9749 });

    // Too little left for a second one: 409, named at the payment for the dialog to show there.
    const refused = await call('POST', '/v1/services/addbooking', customer.token, { ...body, date: dayIn(31) });
    expect(refused.statusCode).toBe(409);
    const message = 'Your wallet has $2.51 available, and this booking costs $97.49. Add money or pay in cash.';
    expect(refused.json()).toMatchObject({ message, errors: { payment: message } });

    expect((await call('POST', `/v1/provider/jobs/${booking._id}/accept`, provider.token)).statusCode).toBe(200);
    // Not before its start.
    expect((await call('POST', `/v1/provider/jobs/${booking._id}/complete`, provider.token)).statusCode).toBe(409);
    await ctx.db
      .update(bookings)
      .set({ date: dayIn(-1) })
      .where(eq(bookings.id, booking._id));
    expect((await call('POST', `/v1/provider/jobs/${booking._id}/complete`, provider.token)).statusCode).toBe(200);

    const mine = (await call('GET', '/v1/wallet/me', customer.token)).json().data;
    const theirs = (await call('GET', '/v1/wallet/me', provider.token)).json().data;
    expect(mine).toMatchObject({ amount: 10000 - 9749, heldAmount: 0 });
    expect(theirs).toMatchObject({ amount: 9749 - 1250, heldAmount: 0 });
    // Every cent deposited is in a wallet or is the platform's fee.
    expect(mine.amount + theirs.amount + booking.price.feeCents).toBe(10000);

    // The admin's /userDetail reads the same figures and the two transactions.
    const customerDetail = (await call('GET', `/v1/transaction/userAllDetail/${customer.id}`, admin)).json().data;
    const providerDetail = (await call('GET', `/v1/transaction/userAllDetail/${provider.id}`, admin)).json().data;
    expect(customerDetail.wallet).toMatchObject({ amount: 251, heldAmount: 0 });
    expect(providerDetail.wallet).toMatchObject({ amount: 8499, heldAmount: 0 });
    expect(customerDetail.transaction[0]).toMatchObject({ type: 'payment', amount: 9749, status: '1' });
    expect(providerDetail.transaction[0]).toMatchObject({ type: 'earning', amount: 8499 });
    await call('PUT', '/v1/admin/settings', admin, { feeBasisPoints: 1000, cancellationFeeCents: 0 });
  });
});
