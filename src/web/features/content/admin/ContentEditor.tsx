// The admin's view of a kept text (/termscondition, /privacypolicy): the current
// text as the public page shows it, and Edit → a required textarea → Save ('Successfully
// Submitted!'). The public page shows the saved text at once.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { z } from 'zod';
import { contentLimits, contentPageBody, type ContentPageKey, type ContentText } from '../../../../contract/content.js';
import { adminContentText as c, notice, text } from '../../../../contract/messages.js';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors.js';
import { dayMonthYear } from '../../../lib/dates.js';
import { Field } from '../../../ui/Field.js';
import listStyles from '../../../ui/listing/listing.module.css';
import pageHead from '../../../ui/pageHead.module.css';
import { QueryState } from '../../../ui/states.js';
import { useToast } from '../../../ui/toast.js';
import { useSavePage } from './api.js';
import styles from './content.module.css';

interface ContentEditorProps {
  pageKey: ContentPageKey;
  title: string;
  /** The public page that shows this text. */
  publicRoute: string;
  query: UseQueryResult<ContentText>;
}

export function ContentEditor({ pageKey, title, publicRoute, query }: ContentEditorProps) {
  const [editing, setEditing] = useState(false);
  const titleId = `content-${pageKey}-title`;

  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <title>{`${title} · ${text.brand}`}</title>
      <div className={`${pageHead.head} ${styles.head}`}>
        <h2 id={titleId} className={pageHead.title}>
          {title}
        </h2>
        {!editing && (
          <div className={`${listStyles.actions} ${styles.actions}`}>
            <Link to={publicRoute} className="btn btn-outline">
              {c.publicPage}
            </Link>
            <button type="button" className="btn" onClick={() => setEditing(true)} disabled={!query.isSuccess}>
              {c.edit}
            </button>
          </div>
        )}
      </div>
      <QueryState query={query}>
        {(content) =>
          editing ? (
            <Editor pageKey={pageKey} current={content.about} onDone={() => setEditing(false)} />
          ) : (
            <div className={styles.panel}>
              {content.updatedAt && (
                <p className={styles.updated}>
                  {c.lastUpdated}: <time dateTime={content.updatedAt}>{dayMonthYear(content.updatedAt)}</time>
                </p>
              )}
              {content.about.trim() ? (
                <p className={styles.text}>{content.about}</p>
              ) : (
                <p className="muted">{c.notWritten}</p>
              )}
            </div>
          )
        }
      </QueryState>
    </section>
  );
}

type FormInput = z.input<typeof contentPageBody>;
type FormOutput = z.output<typeof contentPageBody>;

function Editor({ pageKey, current, onDone }: { pageKey: ContentPageKey; current: string; onDone(): void }) {
  const toast = useToast();
  const save = useSavePage(pageKey);
  const { register, handleSubmit, setError, watch, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(contentPageBody),
    defaultValues: { about: current },
  });
  const length = watch('about')?.length ?? 0;

  const onSubmit = handleSubmit(async ({ about }) => {
    try {
      await save.mutateAsync(about);
    } catch (error) {
      toast.error(errorMessage(error));
      applyServerErrors(error, setError, ['about']);
      return;
    }
    toast.success(notice.submitted);
    onDone();
  });

  return (
    <form className={`${styles.panel} ${styles.editor}`} noValidate onSubmit={onSubmit}>
      <Field label={c.textLabel} error={formState.errors.about?.message}>
        <textarea maxLength={contentLimits.pageMax} {...register('about')} />
      </Field>
      <p className={styles.count} aria-live="off">
        {length.toLocaleString('en-US')} / {contentLimits.pageMax.toLocaleString('en-US')}
      </p>
      <div className={`${listStyles.actions} ${styles.actions}`}>
        <button type="submit" className="btn" disabled={save.isPending}>
          {save.isPending ? c.saving : c.save}
        </button>
        <button type="button" className="btn btn-outline" onClick={onDone}>
          {c.cancel}
        </button>
      </div>
    </form>
  );
}
