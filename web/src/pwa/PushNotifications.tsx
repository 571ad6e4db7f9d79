import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { showError } from '../lib/errors.ts';
import { showToast } from '../live/toasts.tsx';
import { pushMutations, pushQueries } from './queries.ts';
import { pushSupported } from './registerServiceWorker.ts';
import './push.css';

/** The browser's current push subscription, if the service worker is there and subscribed. */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Push notices on this device (docs/messages.md "Web Push"), beside SMS and email on the
 * notifications page: turning them on asks the browser's permission and subscribes it; the two
 * switches say which notices (outbid, the rest) are pushed to every subscribed device.
 */
export function PushNotifications() {
  const queryClient = useQueryClient();
  const settings = useQuery(pushQueries.settings());
  const subscribe = useMutation({ ...pushMutations.subscribe(queryClient), onError: showError });
  const unsubscribe = useMutation({ ...pushMutations.unsubscribe(queryClient), onError: showError });
  const preferences = useMutation({
    ...pushMutations.savePreferences(queryClient),
    onSuccess: () => showToast('success', 'saved_successfully'),
    onError: showError,
  });
  const supported = pushSupported();
  const [device, setDevice] = useState<PushSubscription | null>(null);
  const [denied, setDenied] = useState(supported && Notification.permission === 'denied');

  useEffect(() => {
    if (supported) void currentSubscription().then(setDevice);
  }, [supported]);

  async function turnOn(vapidPublicKey: string) {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      setDenied(permission === 'denied');
      return;
    }
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: vapidPublicKey,
    });
    await subscribe.mutateAsync(subscription.toJSON());
    setDevice(subscription);
    showToast('success', 'push.enabled');
  }

  async function turnOff() {
    if (!device) return;
    await unsubscribe.mutateAsync(device.endpoint);
    await device.unsubscribe();
    setDevice(null);
  }

  if (!settings.data) return null;
  const { vapidPublicKey, pushOutbidNotifications, pushGeneralNotifications } = settings.data;
  return (
    <div className="card-stack push-notifications">
      <fieldset className="card push-notifications__body">
        <legend>
          <FormattedMessage id="push.title" />
        </legend>
        {!supported ? (
          <p>
            <FormattedMessage id="push.unsupported" />
          </p>
        ) : denied ? (
          <p>
            <FormattedMessage id="push.denied" />
          </p>
        ) : (
          <button
            type="button"
            className={device ? 'button button--secondary' : 'button'}
            disabled={subscribe.isPending || unsubscribe.isPending}
            onClick={() => void (device ? turnOff() : turnOn(vapidPublicKey)).catch(showError)}
          >
            <FormattedMessage id={device ? 'push.disableDevice' : 'push.enableDevice'} />
          </button>
        )}
        <label className="checkbox">
          <input
            type="checkbox"
            checked={pushOutbidNotifications}
            onChange={(e) =>
              preferences.mutate({ pushOutbidNotifications: e.target.checked, pushGeneralNotifications })
            }
          />
          <FormattedMessage id="push.outbid" />
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={pushGeneralNotifications}
            onChange={(e) =>
              preferences.mutate({ pushOutbidNotifications, pushGeneralNotifications: e.target.checked })
            }
          />
          <FormattedMessage id="push.general" />
        </label>
      </fieldset>
    </div>
  );
}
