import { z } from 'zod';
import { validation as v } from './messages.js';

export const faq = z.object({ _id: z.uuid(), title: z.string(), about: z.string() });
export type Faq = z.infer<typeof faq>;

export const contentText = z.object({ about: z.string(), updatedAt: z.string() });
export type ContentText = z.infer<typeof contentText>;

export const contentLimits = { titleMax: 200, aboutMax: 5000, pageMax: 100_000 } as const;

export const faqBody = z.object({
  title: z.string().trim().min(1, { error: 'Title is required' }).max(contentLimits.titleMax),
  about: z.string().trim().min(1, { error: 'About is required' }).max(contentLimits.aboutMax),
});

export const contactLimits = { nameMax: 100, emailMax: 100, messageMax: 2000 } as const;

/** The contact form, checked in the spec's order. */
export const contactBody = z.object({
  name: z.string({ error: v.contactName }).trim().min(1, { error: v.contactName }).max(contactLimits.nameMax),
  email: z
    .string({ error: v.contactEmail })
    .trim()
    .min(1, { error: v.contactEmail })
    .max(contactLimits.emailMax)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, { error: v.enterValidEmail })
    .transform((s) => s.toLowerCase()),
  message: z.string({ error: v.contactMessage }).trim().min(1, { error: v.contactMessage }).max(contactLimits.messageMax),
});
export type ContactBody = z.input<typeof contactBody>;
