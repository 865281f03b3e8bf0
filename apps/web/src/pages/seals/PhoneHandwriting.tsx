import {
  SEAL_QR_TTL_SECONDS,
  message as platformMessage,
  type HandwriteTicket,
} from '@esign/platform';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, QRCode, Result, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { createHandwriteTicket, fetchHandwriteTicketState, sealKeys } from '../../api/seals';
import { localeOf } from '../../i18n/locale';
import { SealImage } from './SealImage';

/** How often the desktop asks whether the phone has drawn. */
export const HANDWRITE_POLL_MS = 1500;
/** How long the seal drawn on the phone shows before the list takes over. */
const DONE_SHOWN_MS = 1500;
const SEALS_PATH = '/user-center/seal';

/** A clock that ticks every second while `running`. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [running]);
  return now;
}

const minutesAndSeconds = (ms: number) => {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

interface Shown {
  ticket: HandwriteTicket;
  /** When this browser got it: the countdown runs on this clock, not the server's. */
  deadline: number;
}

/**
 * Handwriting on a phone: a QR code of the phone page's address with a one-time ticket, valid
 * `SEAL_QR_TTL_SECONDS` (counted down here; then greyed with the server's 'QR code expired, please
 * refresh' and a way to get a new one). While it waits the desktop asks every 1.5 s whether the
 * phone has drawn; once it has, the seal shows and the list takes over with a toast.
 */
export function PhoneHandwriting() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [shown, setShown] = useState<Shown | null>(null);
  const create = useMutation({
    mutationFn: createHandwriteTicket,
    onSuccess: (ticket) => setShown({ ticket, deadline: Date.now() + SEAL_QR_TTL_SECONDS * 1000 }),
  });
  const refresh = create.mutate;
  // One ticket per showing, also when React runs the effect twice in development.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    refresh();
  }, [refresh]);

  const now = useNow(shown !== null);
  const ticket = shown?.ticket.ticket ?? '';
  const outOfTime = shown !== null && now >= shown.deadline;
  const state = useQuery({
    queryKey: sealKeys.ticketState(ticket),
    queryFn: () => fetchHandwriteTicketState(ticket),
    enabled: shown !== null && !outOfTime,
    refetchInterval: (query) =>
      query.state.data?.status === 'waiting' || !query.state.data ? HANDWRITE_POLL_MS : false,
  });
  const status = state.data?.status;
  const expired = outOfTime || status === 'expired';
  const seal = status === 'done' ? state.data?.seal : null;

  useEffect(() => {
    if (!seal) return;
    void client.invalidateQueries({ queryKey: sealKeys.list });
    void message.success(t('sealsPage.phone.received'));
    const timer = window.setTimeout(() => void navigate(SEALS_PATH), DONE_SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [seal, client, message, navigate, t]);

  if (seal) {
    return (
      <Result
        status="success"
        title={t('sealsPage.phone.received')}
        icon={
          <div className="seal-phone-result">
            <SealImage link={seal.imageUrl} alt={seal.name} />
          </div>
        }
        extra={
          <Button type="primary" onClick={() => void navigate(SEALS_PATH)}>
            {t('sealsPage.phone.toList')}
          </Button>
        }
      />
    );
  }
  if (!shown) {
    return create.isError ? (
      <Result
        status="warning"
        title={t('sealsPage.phone.ticketFailed')}
        extra={<Button onClick={() => refresh()}>{t('common.retry')}</Button>}
      />
    ) : (
      <div className="seal-phone-qr">
        <Spin />
      </div>
    );
  }
  const address = `${window.location.origin}${shown.ticket.path}`;
  const expiredText = platformMessage('sealQrExpired', locale);
  return (
    <div className="seal-phone-qr">
      <figure className="seal-qr-figure" aria-label={t('sealsPage.phone.qrLabel')}>
        <QRCode
          value={address}
          size={196}
          // antd draws the code in a canvas with role="img": an image needs its name.
          aria-label={t('sealsPage.phone.qrLabel')}
          status={create.isPending ? 'loading' : expired ? 'expired' : 'active'}
          onRefresh={() => refresh()}
          statusRender={(info) =>
            info.status === 'expired' ? (
              <div className="seal-qr-expired" role="alert">
                <p>{expiredText}</p>
                <Button type="link" onClick={() => refresh()}>
                  {t('sealsPage.phone.refresh')}
                </Button>
              </div>
            ) : (
              <Spin />
            )
          }
        />
      </figure>
      <div className="seal-phone-steps">
        <p>{t('sealsPage.phone.scan')}</p>
        <p className="seal-phone-countdown" aria-live="off">
          {expired
            ? expiredText
            : t('sealsPage.phone.validFor', {
                time: minutesAndSeconds(shown.deadline - now),
              })}
        </p>
        {expired ? null : (
          <>
            <p className="user-center-hint">{t('sealsPage.phone.waiting')}</p>
            <Typography.Text className="seal-phone-link" copyable={{ text: address }}>
              {t('sealsPage.phone.link')}
            </Typography.Text>
          </>
        )}
      </div>
    </div>
  );
}
