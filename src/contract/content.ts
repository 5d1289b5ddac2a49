import { z } from 'zod';
import { listQuery } from './admin.js';
import { adminContentText as c, validation as v } from './messages.js';

export const faq = z.object({ _id: z.uuid(), title: z.string(), about: z.string() });
export type Faq = z.infer<typeof faq>;

export const contentText = z.object({ about: z.string(), updatedAt: z.string() });
export type ContentText = z.infer<typeof contentText>;

export const contentLimits = { titleMax: 200, aboutMax: 5000, pageMax: 100_000 } as const;

/** An FAQ as the admin writes it (POST /services/addfaq): both fields required, on both sides. */
export const faqBody = z.object({
  title: z
    .string({ error: c.titleRequired })
    .trim()
    .min(1, { error: c.titleRequired })
    .max(contentLimits.titleMax, { error: c.titleTooLong }),
  about: z
    .string({ error: c.aboutRequired })
    .trim()
    .min(1, { error: c.aboutRequired })
    .max(contentLimits.aboutMax, { error: c.aboutTooLong }),
});
export type FaqBody = z.input<typeof faqBody>;

/** POST /services/updatefaq: the FAQ's fields and its id. */
export const updateFaqBody = faqBody.extend({ _id: z.uuid({ error: c.faqIdInvalid }) });
export type UpdateFaqBody = z.input<typeof updateFaqBody>;

export const faqIdParam = z.object({ id: z.uuid({ error: c.faqIdInvalid }) });

/** The admin's FAQ list (/faq, GET /admin/faqs): oldest first like the public list. */
export const faqSorts = ['createdAt', 'title'] as const;
export const faqListQuery = listQuery(faqSorts);
export const faqRow = faq.extend({ createdAt: z.string() });
export type FaqRow = z.infer<typeof faqRow>;

/** The texts the admin keeps: terms (/termscondition) and privacy (/privacypolicy). */
export const contentPageKeys = ['terms', 'privacy'] as const;
export type ContentPageKey = (typeof contentPageKeys)[number];
export const contentPageParam = z.object({ key: z.enum(contentPageKeys, { error: c.pageKeyInvalid }) });
export const contentPageBody = z.object({
  about: z
    .string({ error: c.textRequired })
    .trim()
    .min(1, { error: c.textRequired })
    .max(contentLimits.pageMax, { error: c.textTooLong }),
});
export type ContentPageBody = z.input<typeof contentPageBody>;

export const contactLimits = { nameMax: 100, emailMax: 100, messageMax: 2000 } as const;

/** The contact form, checked in this order: name, email, message. */
export const contactBody = z.object({
  name: z.string({ error: v.contactName }).trim().min(1, { error: v.contactName }).max(contactLimits.nameMax),
  email: z
    .string({ error: v.contactEmail })
    .trim()
    .min(1, { error: v.contactEmail })
    .max(contactLimits.emailMax)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, { error: v.enterValidEmail })
    .transform((s) => s.toLowerCase()),
  message: z
    .string({ error: v.contactMessage })
    .trim()
    .min(1, { error: v.contactMessage })
    .max(contactLimits.messageMax),
});
export type ContactBody = z.input<typeof contactBody>;
