// The provider dialog's message (/Services_booking): title Message, a textarea
// 'Enter message' and Send. Blank: 'Please enter your msg'; sent: 'Send msg' and the dialog closes;
// refused: 'Message not send' with the server's reason. `onSent` hears of a message that went.
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { messageLimits, messageText } from '../../../contract/conversations.js';
import { chatText, notice, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { useMemberSession } from '../../lib/session.js';
import { Dialog } from '../../ui/Dialog.js';
import { useToast } from '../../ui/toast.js';
import { useSendMessage } from './api.js';
import styles from './messages.module.css';

export function MessageDialog(props: {
  toUser: { _id: string; name: string };
  open: boolean;
  onClose(): void;
  onSent?(): void;
}) {
  const { toUser, open, onClose, onSent } = props;
  const member = useMemberSession();
  const location = useLocation();
  const send = useSendMessage();
  const toast = useToast();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const close = () => {
    setError(null);
    onClose();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The server's own rule: blank is 'Please enter your msg'.
    const checked = messageText.safeParse(message);
    if (!checked.success) {
      const reason = checked.error.issues[0]?.message ?? text.genericError;
      setError(reason);
      toast.error(reason);
      return;
    }
    try {
      await send.mutateAsync({ toUser: toUser._id, message });
      toast.success(notice.sendMsg);
      setMessage('');
      onSent?.();
      close();
    } catch (failure) {
      toast.error(`${notice.messageNotSend}: ${(failure as Error).message}`);
    }
  }

  return (
    <Dialog open={open} title={chatText.dialogTitle} onClose={close}>
      {member ? (
        <form className="form" noValidate onSubmit={submit}>
          <p className={styles.dialogTo}>{toUser.name}</p>
          <div className="field">
            <label htmlFor={`${id}-message`} className="visually-hidden">
              {chatText.dialogTitle}
            </label>
            <textarea
              id={`${id}-message`}
              rows={5}
              placeholder={chatText.dialogPlaceholder}
              maxLength={messageLimits.max}
              value={message}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => {
                setMessage(event.target.value);
                if (error) setError(null);
              }}
            />
            {error && (
              <small id={`${id}-error`} className="field-error">
                {error}
              </small>
            )}
          </div>
          <div className={styles.dialogActions}>
            <button type="submit" className="btn" disabled={send.isPending}>
              {chatText.send}
            </button>
          </div>
        </form>
      ) : (
        <p>
          {chatText.loginToMessage}{' '}
          <Link to={routes.userLogin} state={{ from: location.pathname + location.search }} onClick={close}>
            {text.login}
          </Link>
        </p>
      )}
    </Dialog>
  );
}
