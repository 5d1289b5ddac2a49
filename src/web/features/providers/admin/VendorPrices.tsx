// /vendorDetail's price list: the admin reads and corrects the provider's price per offered
// service (the same rows and checks as the provider's own /provider/profile).
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import type { PriceItem, PricesBody } from '../../../../contract/checkout.js';
import { checkoutText as t } from '../../../../contract/messages.js';
import { errorMessage } from '../../../lib/form-errors.js';
import pageHead from '../../../ui/pageHead.module.css';
import { QueryState } from '../../../ui/states.js';
import { useToast } from '../../../ui/toast.js';
import { PriceRows } from '../PriceRows.js';
import { newRow, priceRows, rowsOf, type PriceRowsInput } from '../priceRows.js';
import { useSaveVendorPrices, useVendorPrices } from './api.js';
import styles from './vendors.module.css';

const pricesForm = z.object({ prices: priceRows });
type PricesFormInput = { prices: PriceRowsInput };
type PricesFormOutput = { prices: PricesBody['prices'] };

export function VendorPrices({ id }: { id: string }) {
  const prices = useVendorPrices(id);
  return (
    <section className={styles.detail} aria-labelledby="vendor-prices-title">
      <h2 id="vendor-prices-title" className={pageHead.title}>
        {t.priceList}
      </h2>
      <QueryState query={prices}>{(list) => <PricesForm id={id} list={list} />}</QueryState>
    </section>
  );
}

function PricesForm({ id, list }: { id: string; list: PriceItem[] }) {
  const toast = useToast();
  const save = useSaveVendorPrices(id);
  const form = useForm<PricesFormInput, unknown, PricesFormOutput>({
    resolver: zodResolver(pricesForm),
    defaultValues: { prices: rowsOf(list) },
  });

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const response = await save.mutateAsync(body);
      form.reset({ prices: rowsOf(response.data) });
      toast.success(response.message ?? t.pricesSaved);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <FormProvider {...form}>
      <form className={`${styles.card} form`} noValidate onSubmit={(e) => void onSubmit(e)}>
        <PriceRows
          services={list.map((line) => ({ _id: line.serviceId, title: line.title }))}
          fallback={newRow('')}
          legend={t.priceList}
          hideLegend
          lead={t.priceListAdminLead}
          empty={t.priceListNone}
        />
        {list.length > 0 && (
          <div className={styles.saveRow}>
            <button type="submit" className="btn" disabled={save.isPending}>
              {t.savePrices}
            </button>
          </div>
        )}
      </form>
    </FormProvider>
  );
}
